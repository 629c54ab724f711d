import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseTrustedProxies } from "./client-address.mjs";
import { createHardenedServer } from "./hardened-server.mjs";
import { currentRequestId, forwardRequestId } from "./request-context.mjs";

// The request id over real sockets: decided by the hardened server, seen by the handler (and what it
// calls upstream), returned in the answer's X-Request-Id.
let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function start(trust: string): Promise<string> {
  server = createHardenedServer({
    trust: parseTrustedProxies(trust),
    handler: async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const upstream = new Headers();
      forwardRequestId(upstream);
      res.end(JSON.stringify({ seen: currentRequestId(), upstream: upstream.get("x-request-id") }));
    },
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the request id", () => {
  it("is ours when the client sends one without a trusted proxy, and follows the request upstream", async () => {
    const base = await start("");
    const response = await fetch(base, { headers: { "x-request-id": "forged-by-the-client-1" } });
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.json()).toEqual({ seen: id, upstream: id });
  });

  it("is the trusted proxy's when it sent a well-formed one, else ours", async () => {
    const base = await start("loopback");
    const kept = await fetch(base, { headers: { "x-request-id": "nginx-4f1c2a9e77" } });
    expect(kept.headers.get("x-request-id")).toBe("nginx-4f1c2a9e77");
    expect((await kept.json()).seen).toBe("nginx-4f1c2a9e77");
    const forged = await fetch(base, { headers: { "x-request-id": "bad id\" level=error" } });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is absent outside a request", () => {
    expect(currentRequestId()).toBeUndefined();
  });
});
