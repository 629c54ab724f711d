// @ts-check
/**
 * METRICS_PORT with several workers (server.mjs's primary): one port for the whole server, served by
 * the primary, whose /metrics is the sum of every worker's registry — prom-client's AggregatorRegistry,
 * the library's answer for node:cluster (each worker answers it over the IPC channel:
 * src/features/observability/start.ts). Workers open no port of their own: node:cluster would share
 * it among them and each scrape would see a different worker.
 */
import { createServer } from "node:http";
import promClient from "prom-client";
import { bearerMatches } from "./bearer-token.mjs";

/**
 * @param {{ port: string | undefined, token: string | undefined, hostname: string | undefined, log: import("pino").Logger }} options
 * @returns {import("node:http").Server | undefined}
 */
export function serveClusterMetrics({ port, token, hostname, log }) {
  if (!port?.trim()) return undefined;
  const number = Number(port);
  // The workers validate the environment (src/lib/env.ts) and refuse to start with a bad port.
  if (!Number.isInteger(number) || number < 1 || number > 65_535) return undefined;
  const registry = new promClient.AggregatorRegistry();
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?", 1)[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    if (token && !bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, { "Content-Type": "text/plain; charset=utf-8", "WWW-Authenticate": 'Bearer realm="metrics"' }).end("Unauthorized\n");
      return;
    }
    registry.clusterMetrics().then(
      (body) => res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(body),
      (/** @type {unknown} */ error) => {
        log.warn({ err: error }, "[metrics] 无法汇总工作进程的指标");
        res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" }).end("Workers did not answer\n");
      },
    );
  });
  server.on("error", (error) => log.warn(`[metrics] 无法在端口 ${number} 上提供指标：${error.message}`));
  server.listen(number, hostname);
  server.unref();
  return server;
}
