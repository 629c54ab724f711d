// Resource limits on the Storage API (issue 13, findings 7 and 8): JSON bodies are capped, signed URLs
// cannot outlive the configured maximum.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_BODY_BYTES } from "./context";
import { DEFAULT_SIGNED_URL_MAX_SECONDS } from "./signed-urls";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

let bed: StorageTestbed;
let token: string;
beforeAll(async () => {
  bed = await startStorageTestbed();
  token = await bed.sign({ role: "authenticated", sub: bed.idA });
  await bed.userA.storage.from("files").upload(`${bed.idA}/a.txt`, "a", { contentType: "text/plain" });
});
afterAll(() => bed.close());

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  bed.fetch(path, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit);

describe("JSON body cap", () => {
  it("refuses a body declared larger than the cap with a Storage-shaped 413", async () => {
    const big = JSON.stringify({ prefix: "x".repeat(MAX_JSON_BODY_BYTES + 10) });
    const response = await post(`/object/list/files`, big);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: "413", error: "Payload too large" });
  });

  it("cuts off a streamed body without a length once it passes the cap", async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    // An endless body: without a cap the server would read it forever.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await post(`/object/list/files`, endless);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(MAX_JSON_BODY_BYTES * 4);
  });

  it("still takes ordinary bodies", async () => {
    const response = await post(`/object/list/files`, JSON.stringify({ prefix: bed.idA }));
    expect(response.status).toBe(200);
  });
});

describe("signed URL lifetime cap", () => {
  it("refuses a signed URL longer-lived than the maximum, one or many", async () => {
    const files = bed.userA.storage.from("files");
    const tooLong = await files.createSignedUrl(`${bed.idA}/a.txt`, DEFAULT_SIGNED_URL_MAX_SECONDS + 1);
    expect(tooLong.error).toMatchObject({ statusCode: "400" });
    expect(tooLong.error?.message).toContain("expiresIn");
    const many = await files.createSignedUrls([`${bed.idA}/a.txt`], 10 * 365 * 24 * 3600);
    expect(many.error).toMatchObject({ statusCode: "400" });
  });

  it("signs up to the maximum", async () => {
    const files = bed.userA.storage.from("files");
    const atMax = await files.createSignedUrl(`${bed.idA}/a.txt`, DEFAULT_SIGNED_URL_MAX_SECONDS);
    expect(atMax.error).toBeNull();
  });

  it("honours a configured maximum", async () => {
    const short = await startStorageTestbed("pglite", { signedUrlMaxSeconds: 60 });
    try {
      await short.userA.storage.from("files").upload(`${short.idA}/b.txt`, "b", { contentType: "text/plain" });
      expect((await short.userA.storage.from("files").createSignedUrl(`${short.idA}/b.txt`, 61)).error).toMatchObject({ statusCode: "400" });
      expect((await short.userA.storage.from("files").createSignedUrl(`${short.idA}/b.txt`, 60)).error).toBeNull();
    } finally {
      await short.close();
    }
  });
});
