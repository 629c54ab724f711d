import { createServer, type Server } from "node:http";
import { databasePoolStats } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { bearerMatches } from "@/lib/net/bearer-token.mjs";
import { appMetrics } from "./metrics";

/**
 * The Prometheus scrape endpoint: GET /api/metrics for `Authorization: Bearer <METRICS_TOKEN>` only
 * (404 without a configured token: the endpoint does not exist then), and optionally
 * http://…:METRICS_PORT/metrics, a port of its own that only the scraper should reach.
 */

export { bearerMatches };

async function exposition(): Promise<{ body: string; contentType: string }> {
  const metrics = appMetrics();
  const pool = databasePoolStats();
  if (pool) for (const [state, value] of Object.entries(pool)) metrics.dbPool.set({ state }, value);
  return { body: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
}

const json = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ statusCode: status, message }, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** GET /api/metrics on the site's own port. */
export async function metricsResponse(request: Request, { token }: { token: string | undefined } = { token: getEnv().METRICS_TOKEN }): Promise<Response> {
  if (!token) return json(404, "接口不存在");
  if (!bearerMatches(request.headers.get("authorization"), token)) return json(401, "需要有效的监控令牌", { "WWW-Authenticate": 'Bearer realm="metrics"' });
  const { body, contentType } = await exposition();
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
}

/**
 * Serves /metrics on METRICS_PORT (all interfaces unless `hostname`); the token is asked there too
 * when set. A port already taken (several processes given one port) is logged, not fatal: the
 * site keeps serving.
 */
export function startMetricsPort(port: number, options: { token?: string; hostname?: string; onError?: (error: Error) => void } = {}): Server {
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "/").split("?", 1)[0];
      if (req.method !== "GET" || path !== "/metrics") {
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
        return;
      }
      if (options.token && !bearerMatches(req.headers.authorization, options.token)) {
        res.writeHead(401, { "Content-Type": "text/plain; charset=utf-8", "WWW-Authenticate": 'Bearer realm="metrics"' }).end("Unauthorized\n");
        return;
      }
      const { body, contentType } = await exposition();
      res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.on("error", (error) => options.onError?.(error));
  server.listen(port, options.hostname);
  server.unref();
  return server;
}
