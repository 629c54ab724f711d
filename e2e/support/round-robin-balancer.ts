import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Balancer {
  url: string;
  close(): Promise<void>;
}

/**
 * A small reverse proxy that sends each request to the next backend in turn, as nginx's default
 * upstream does, and like nginx (see docs/deployment.md) appends the peer it saw to X-Forwarded-For.
 * Bodies pass through as streams in both directions, so an SSE answer reaches the client event by
 * event. Answers carry `X-Backend` (the backend's index) so a test can see where a request went.
 */
export async function startRoundRobinBalancer(backendPorts: number[]): Promise<Balancer> {
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next++ % backendPorts.length;
    const forwardedFor = [request.headers["x-forwarded-for"], request.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: backendPorts[index],
        method: request.method,
        path: request.url,
        headers: { ...request.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "http", "x-forwarded-host": request.headers.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-backend": String(index) });
        response.flushHeaders();
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    response.on("close", () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
