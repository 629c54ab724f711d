import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { parseTrustedProxies } from "./client-address.mjs";
import { createHardenedServer } from "./hardened-server.mjs";
import { DEFAULT_LIMITS } from "./request-limits.mjs";
import type { RequestLimits } from "./request-limits.mjs";

/**
 * The server in front of the app, driven over real sockets as an attacker would: spoofed forwarding
 * headers, huge declared bodies, bodies at a trickle, endless chunked bodies.
 */
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

type Seen = { headers: IncomingMessage["headers"]; rawHeaders: string[]; body: string; url: string };

async function start(options: { trust?: string; limits?: Partial<RequestLimits> } = {}) {
  const seen: Seen[] = [];
  const errors: unknown[] = [];
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch (error) {
      errors.push(error);
      return;
    }
    seen.push({ headers: req.headers, rawHeaders: req.rawHeaders, body: Buffer.concat(chunks).toString(), url: req.url ?? "" });
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ ok: true }));
  };
  server = createHardenedServer({ handler, trust: parseTrustedProxies(options.trust), limits: options.limits });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const port = (server!.address() as AddressInfo).port;
  return { port, seen, errors };
}

/** Opens a raw connection and resolves with everything the server sent once it closes the socket. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (data) => (received += data.toString()));
  socket.on("error", () => {});
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
  return { socket, closed };
}

describe("forwarding headers", () => {
  it("overwrites a client's X-Forwarded-* with the socket peer when no proxy is trusted", async () => {
    const { port, seen } = await start();
    const response = await fetch(`http://127.0.0.1:${port}/api/x`, {
      headers: {
        "X-Forwarded-For": "6.6.6.6, 7.7.7.7",
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "evil.example",
        "X-Real-IP": "8.8.8.8",
      },
    });
    expect(response.status).toBe(200);
    const { headers, rawHeaders } = seen[0]!;
    expect(headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(headers["x-forwarded-proto"]).toBe("http");
    expect(headers["x-forwarded-host"]).toBeUndefined();
    expect(headers["x-real-ip"]).toBeUndefined();
    // @hono/node-server builds its Request from rawHeaders: they must say the same.
    const raw = rawHeaders.join("\n").toLowerCase();
    expect(raw).not.toContain("6.6.6.6");
    expect(raw).not.toContain("evil.example");
    expect(raw).not.toContain("https");
  });

  it("takes the entry a trusted proxy wrote, and its scheme and host", async () => {
    const { port, seen } = await start({ trust: "127.0.0.1/32" });
    await fetch(`http://127.0.0.1:${port}/`, {
      headers: { "X-Forwarded-For": "6.6.6.6, 203.0.113.9", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "spark.example" },
    });
    expect(seen[0]!.headers["x-forwarded-for"]).toBe("203.0.113.9");
    expect(seen[0]!.headers["x-forwarded-proto"]).toBe("https");
    expect(seen[0]!.headers["x-forwarded-host"]).toBe("spark.example");
  });
});

describe("body size", () => {
  it("refuses a 60 MB Content-Length on a JSON route with 413 before reading it", async () => {
    const { port, seen } = await start();
    const { socket, closed } = rawConnection(port);
    // Headers only: the body never comes, so any answer proves it was not waited for.
    socket.write(`POST /auth/v1/token?grant_type=password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${60 * 1024 * 1024}\r\n\r\n{"email":`);
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({ statusCode: 413, message: expect.stringContaining("请求体过大") });
    expect(seen).toHaveLength(0);
  });

  it("lets a large upload to storage through to the handler", async () => {
    const { port, seen } = await start({ limits: { maxBodyBytes: 10 } });
    const response = await fetch(`http://127.0.0.1:${port}/storage/v1/object/files/u/a.bin`, { method: "POST", body: "x".repeat(100) });
    expect(response.status).toBe(200);
    expect(seen[0]!.body).toHaveLength(100);
    // A chat file or a recording goes to the AI proxy, which caps it by the app's limits while streaming.
    for (const path of ["/api/ai/dify/files/upload?appid=demo-chat", "/api/ai/dify/audio-to-text?appid=demo-chat"]) {
      const upload = await fetch(`http://127.0.0.1:${port}${path}`, { method: "POST", body: "x".repeat(100) });
      expect(upload.status, path).toBe(200);
    }
    // …but not to storage's JSON routes, the proxy's JSON routes, nor through a path that only looks like an upload.
    for (const path of ["/storage/v1/object/sign/files/a", "/storage/v1/object/move", "/storage/v1/object/../../../api/notes", "/api/ai/dify/chat-messages?appid=demo-chat", "/api/ai/dify/files/upload/../../../notes"]) {
      const refused = await fetch(`http://127.0.0.1:${port}${path}`, { method: "POST", body: "x".repeat(100) });
      expect(refused.status, path).toBe(413);
    }
  });

  it("cuts a chunked body off at the cap", async () => {
    const { port, seen, errors } = await start({ limits: { maxBodyBytes: 1000 } });
    const { socket, closed } = rawConnection(port);
    socket.write("POST /api/notes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
    const chunk = "x".repeat(500);
    for (let i = 0; i < 4 && !socket.destroyed; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const answer = await closed;
    expect(answer).toBe("");
    expect(seen).toHaveLength(0);
    expect(errors).toHaveLength(1);
  });
});

describe("slow requests", () => {
  it("closes a connection whose JSON body trickles in at 1 byte per 100 ms", async () => {
    const { port, seen } = await start({ limits: { bodyTimeoutMs: 500 } });
    const { socket, closed } = rawConnection(port);
    socket.write("POST /api/notes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n");
    const trickle = setInterval(() => !socket.destroyed && socket.write("x"), 100);
    await closed;
    clearInterval(trickle);
    expect(seen).toHaveLength(0);
  });

  it("closes a connection whose headers never finish", async () => {
    const { port } = await start({ limits: { headersTimeoutMs: 1000 } });
    const { socket, closed } = rawConnection(port);
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
    const trickle = setInterval(() => !socket.destroyed && socket.write("X-A: b\r\n"), 100);
    const answer = await closed;
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 408 |^$/);
  });

  it("gives uploads longer than a JSON body gets", async () => {
    const { port, seen } = await start({ limits: { bodyTimeoutMs: 200 } });
    const { socket } = rawConnection(port);
    let answer = "";
    const answered = new Promise<void>((resolve) => socket.on("data", (data) => {
      answer += data.toString();
      if (answer.includes("{\"ok\":true}")) resolve();
    }));
    socket.write("PUT /storage/v1/object/files/u/a.bin HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\n");
    for (const byte of "abcd") {
      await new Promise((resolve) => setTimeout(resolve, 150));
      socket.write(byte);
    }
    await answered;
    socket.destroy();
    expect(seen[0]!.body).toBe("abcd");
  });

  it("defaults: JSON bodies within 15 s, headers within 10 s, 1 MB", () => {
    expect(DEFAULT_LIMITS.bodyTimeoutMs).toBeLessThanOrEqual(15_000);
    expect(DEFAULT_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(10_000);
    expect(DEFAULT_LIMITS.maxBodyBytes).toBe(1024 * 1024);
  });
});
