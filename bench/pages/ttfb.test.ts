import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ttfbUnderLoad } from "./ttfb";

const HEADERS_AFTER_MS = 30;
const BODY_AFTER_MS = 250;

describe("TTFB under load", () => {
  let server: Server;
  let url = "";
  let open = 0;
  let mostOpen = 0;

  beforeAll(async () => {
    // Headers after 30 ms, the body's end 250 ms later (timed to the end, a request could not take less): TTFB must stop at the headers.
    server = createServer((_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { "content-type": "text/plain" });
        response.write("a");
        response.flushHeaders();
        setTimeout(() => response.end("b"), BODY_AFTER_MS);
      }, HEADERS_AFTER_MS);
    });
    server.on("connection", (socket) => {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      socket.on("close", () => (open -= 1));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("times the headers, not the body, over exactly the given number of connections", async () => {
    const result = await ttfbUnderLoad(url, { connections: 5, requests: 10 });
    expect(result.requests).toBe(10);
    expect(result.connections).toBe(5);
    expect(result.p50Ms).toBeGreaterThanOrEqual(HEADERS_AFTER_MS - 2);
    expect(result.p95Ms).toBeLessThan(HEADERS_AFTER_MS + BODY_AFTER_MS);
    expect(mostOpen).toBe(5);
  });
});
