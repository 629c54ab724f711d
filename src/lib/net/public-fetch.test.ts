import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address";
import { fetchPublicUrl } from "./public-fetch";
import { isUploadRequest } from "./request-limits.mjs";

const servers: ReturnType<typeof createServer>[] = [];
async function listen(handler: RequestListener): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}
afterAll(() => servers.forEach((server) => server.close()));

// The test server is on 127.0.0.1: these tests let that one literal address through, and nothing else.
const onlyTestServer = { allowAddress: (address: string) => address === "127.0.0.1" };

describe("fetching a user's URL from the server (SSRF)", () => {
  it("knows internal addresses: loopback, private, link-local (metadata), CGNAT, IPv6 local and IPv4-mapped", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "::", "fd00:ec2::254", "fe80::1", "::ffff:127.0.0.1", "::ffff:169.254.169.254", "::ffff:7f00:1", "::ffff:a9fe:a9fe"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:1.1.1.1", "::ffff:101:101"]) expect(isPublicAddress(address), address).toBe(true);
    expect(isPublicAddress("not an address")).toBe(false);
  });

  it("refuses internal addresses by literal and by name, before connecting", async () => {
    for (const url of ["http://127.0.0.1:9/", "http://169.254.169.254/latest/meta-data", "http://[::1]/", "http://[::ffff:7f00:1]/", "http://localhost:9/"]) {
      await expect(fetchPublicUrl(url, { maxBytes: 1000 }), url).rejects.toThrow("这个网址指向内部网络，不能添加。");
    }
    await expect(fetchPublicUrl("ftp://example.com/x", { maxBytes: 1000 })).rejects.toThrow("只能添加 http 或 https 网址。");
    await expect(fetchPublicUrl("http://user:pass@example.com/", { maxBytes: 1000 })).rejects.toThrow("网址里不能包含用户名或密码。");
  });

  it("checks every redirect hop: a redirect to the metadata address or to IPv6 loopback is refused", async () => {
    for (const location of ["http://169.254.169.254/latest/meta-data", "http://[::1]/secret", "http://10.0.0.1/"]) {
      const port = await listen((_request, response) => response.writeHead(302, { location }).end());
      await expect(fetchPublicUrl(`http://127.0.0.1:${port}/`, { maxBytes: 1000, ...onlyTestServer }), location).rejects.toThrow("这个网址指向内部网络，不能添加。");
    }
  });

  it("reads a page within the size cap and refuses one past it, declared or not", async () => {
    const page = await listen((_request, response) => response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<title>你好</title>"));
    expect(await fetchPublicUrl(`http://127.0.0.1:${page}/`, { maxBytes: 1000, ...onlyTestServer })).toMatchObject({ contentType: "text/html; charset=utf-8" });
    const declared = await listen((_request, response) => response.writeHead(200, { "content-length": String(50 * 1024 * 1024) }).end());
    await expect(fetchPublicUrl(`http://127.0.0.1:${declared}/`, { maxBytes: 1024 * 1024, ...onlyTestServer })).rejects.toThrow("文件太大：您的套餐每个文件最大 1 MB。");
    const streamed = await listen((_request, response) => {
      response.writeHead(200);
      response.end(Buffer.alloc(2 * 1024 * 1024));
    });
    await expect(fetchPublicUrl(`http://127.0.0.1:${streamed}/`, { maxBytes: 1024 * 1024, ...onlyTestServer })).rejects.toThrow("文件太大");
  });

  it("the hardened server treats knowledge uploads as uploads (the routes cap them by plan)", () => {
    expect(isUploadRequest("POST", "/api/knowledge/documents")).toBe(true);
    expect(isUploadRequest("POST", "/api/knowledge/bases/0b7e4c1e-0000-4000-8000-000000000000/documents")).toBe(true);
    expect(isUploadRequest("POST", "/api/knowledge/bases")).toBe(false);
    expect(isUploadRequest("PATCH", "/api/knowledge/documents")).toBe(false);
  });
});
