import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadMemoryBudget } from "@/lib/api/capped-body";
import { startDemoProxy, type DemoProxyHarness } from "./testing";

// Hostile uploads to /files/upload over real sockets (the proxy served by @hono/node-server, as the
// fast lane serves it under `npm start`). demo-chat takes images (10 MB) and documents (15 MB).
let demo: DemoProxyHarness;
let port: number;
const alice = randomUUID();
const MB = 1024 * 1024;
const BOUNDARY = "----spark-test-boundary";
const PATH = "/api/ai/dify/files/upload?appid=demo-chat";

beforeAll(async () => {
  demo = await startDemoProxy();
  port = Number(new URL(demo.baseUrl).port);
});
afterAll(() => demo.close());

/** The budget's highest level while `work` runs. */
async function peakHeldDuring<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = uploadMemoryBudget.held;
  const take = uploadMemoryBudget.take.bind(uploadMemoryBudget);
  uploadMemoryBudget.take = (bytes) => {
    const taken = take(bytes);
    peak = Math.max(peak, uploadMemoryBudget.held);
    return taken;
  };
  try {
    return { result: await work(), peak };
  } finally {
    uploadMemoryBudget.take = take;
  }
}

const partHead = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;

/** A raw connection: resolves with what the server sent (up to the end of the first response's headers+body) or on close. */
function rawUpload(head: string) {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  let written = 0;
  socket.on("error", () => undefined);
  const answered = new Promise<string>((resolve) => {
    socket.on("data", (data) => {
      received += data.toString();
      if (/\r\n\r\n[\s\S]*\}/.test(received)) resolve(received);
    });
    socket.on("close", () => resolve(received));
  });
  socket.write(head);
  // A write waits for the socket to drain — or for the answer or the close: a server that has cut the
  // body off reads no more, so "drain" would never come.
  const write = (data: string | Buffer) =>
    new Promise<void>((resolve) => {
      if (socket.destroyed) return resolve();
      written += data.length;
      if (socket.write(data)) return resolve();
      socket.once("drain", resolve);
      socket.once("close", resolve);
      void answered.then(() => resolve());
    });
  return { socket, answered, write, written: () => written };
}

describe("AI proxy uploads past the app's limits", () => {
  it("refuses a Content-Length over the largest limit of the types the app takes, without waiting for the body", async () => {
    const { result: answer, peak } = await peakHeldDuring(async () => {
      const upload = rawUpload(
        `POST ${PATH} HTTP/1.1\r\nHost: x\r\nx-test-user: ${alice}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${20 * MB}\r\n\r\n${partHead("big.pdf")}`,
      );
      // Only the headers and a part head: any answer proves the body was not waited for.
      const answer = await upload.answered;
      upload.socket.destroy();
      return answer;
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({ statusCode: 413, message: "文件太大，最大 15 MB" });
    expect(peak).toBe(0);
  }, 20_000);

  it("cuts a chunked body off once it passes the limit, with a 413", async () => {
    const upload = rawUpload(
      `POST ${PATH} HTTP/1.1\r\nHost: x\r\nx-test-user: ${alice}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    let answer = "";
    void upload.answered.then((text) => (answer = text));
    const head = partHead("big.pdf");
    await upload.write(`${Buffer.byteLength(head).toString(16)}\r\n${head}\r\n`);
    const chunk = Buffer.alloc(MB, 0x61);
    // Up to 40 MB, as long as the server has not answered.
    for (let i = 0; i < 40 && answer === "" && !upload.socket.destroyed; i++) {
      await upload.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]));
    }
    await upload.write(`0\r\n\r\n`);
    answer = await upload.answered;
    upload.socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(upload.written()).toBeLessThan(30 * MB);
  }, 60_000);

  it("refuses 50 parallel 20 MB uploads without holding their bytes", async () => {
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    const startRss = process.memoryUsage().rss;
    const { result: answers, peak } = await peakHeldDuring(() =>
      Promise.all(
        Array.from({ length: 50 }, async () => {
          const upload = rawUpload(
            `POST ${PATH} HTTP/1.1\r\nHost: x\r\nx-test-user: ${alice}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${20 * MB}\r\n\r\n${partHead("big.pdf")}`,
          );
          // The first megabyte of each, at once; the rest would follow if the server waited for it.
          await upload.write(Buffer.alloc(MB));
          const answer = await upload.answered;
          upload.socket.destroy();
          return answer.slice(0, 12);
        }),
      ),
    );
    clearInterval(sampler);
    expect(answers).toEqual(Array.from({ length: 50 }, () => "HTTP/1.1 413"));
    expect(peak).toBe(0);
    expect(uploadMemoryBudget.held).toBe(0);
    expect(peakRss - startRss).toBeLessThan(300 * MB);
  }, 60_000);

  it("answers a Node client that sent 2 MB at once with the 413, not a reset connection", async () => {
    const outcome = await new Promise<string>((resolve) => {
      const request = httpRequest(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: PATH,
          headers: { "x-test-user": alice, "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, "Content-Length": 20 * MB },
        },
        (response) => {
          let body = "";
          response.on("data", (data: Buffer) => (body += data.toString()));
          response.on("end", () => {
            resolve(`${response.statusCode} ${body}`);
            request.destroy();
          });
          response.on("error", (error) => resolve(`response error ${(error as NodeJS.ErrnoException).code}`));
        },
      );
      request.on("error", (error) => resolve(`request error ${(error as NodeJS.ErrnoException).code}`));
      request.write(partHead("big.pdf"));
      request.write(Buffer.alloc(2 * MB));
    });
    expect(outcome).toMatch(/^413 /);
    expect(outcome).toContain("文件太大，最大 15 MB");
  }, 20_000);

  it("answers 503 instead of buffering when the process's upload budget is spent, and gives back what it held", async () => {
    const limit = uploadMemoryBudget.limit;
    const upload = (bytes: number) => {
      const form = new FormData();
      form.append("file", new File([new Uint8Array(bytes)], "doc.md"));
      return fetch(`${demo.baseUrl}/files/upload?appid=demo-chat`, { method: "POST", headers: { "x-test-user": alice }, body: form });
    };
    try {
      uploadMemoryBudget.limit = MB;
      const refused = await upload(2 * MB);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ statusCode: 503, message: "服务器正在处理很多上传，请稍后重试" });
      expect(uploadMemoryBudget.held).toBe(0);
      const ok = await upload(100 * 1024);
      expect(ok.status).toBe(201);
      await ok.body?.cancel();
      expect(uploadMemoryBudget.held).toBe(0);
    } finally {
      uploadMemoryBudget.limit = limit;
    }
  }, 30_000);
});
