import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressedForClient } from "./compression";

const bigJson = JSON.stringify({ data: Array.from({ length: 200 }, (_, index) => ({ id: index, answer: "春天来了，万物复苏。" })) });
const request = (acceptEncoding?: string) => new Request("http://localhost/api/ai/dify/messages", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
const json = (body: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(body, { status, headers: { "content-type": "application/json", ...headers } });

describe("compressedForClient", () => {
  it("gzips a large JSON answer for a client that accepts gzip", async () => {
    const response = compressedForClient(request("gzip, deflate, br"), json(bigJson, { "content-length": String(Buffer.byteLength(bigJson)) }));
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(Buffer.byteLength(bigJson) / 4);
    expect(gunzipSync(bytes).toString()).toBe(bigJson);
  });

  it("leaves alone what must not or need not be compressed", async () => {
    const untouched = [
      compressedForClient(request(), json(bigJson)),
      compressedForClient(request("gzip;q=0, br"), json(bigJson)),
      compressedForClient(request("gzip"), json(bigJson, { "cache-control": "private, no-store, no-transform" })),
      compressedForClient(request("gzip"), json('{"ok":true}', { "content-length": "11" })),
      compressedForClient(request("gzip"), json('{"statusCode":401,"message":"请先登录"}', {}, 401)),
      compressedForClient(request("gzip"), new Response("data: {}\n\n", { headers: { "content-type": "text/event-stream" } })),
    ];
    for (const response of untouched) expect(response.headers.get("content-encoding")).toBeNull();
  });
});
