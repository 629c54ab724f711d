import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A node:http stand-in for our site in contract tests: POSTs to /api/webhooks/wechat-pay go to
 * `handle` as a fetch Request, so the fake's notifications travel over real HTTP.
 */
export async function serveNotifications(handle: (request: Request) => Promise<Response>): Promise<{ siteUrl: string; close(): Promise<void> }> {
  const server: Server = createServer((incoming, outgoing) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
      const response = await handle(new Request(`http://127.0.0.1${incoming.url}`, { method: incoming.method, headers, body: Buffer.concat(chunks) }));
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    siteUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
