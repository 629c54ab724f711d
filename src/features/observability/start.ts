import cluster from "node:cluster";
import { AggregatorRegistry, type Registry } from "prom-client";
import { onAuthMetric, type AuthMetricEvent } from "@/embedded/auth";
import { databasePoolStats, observeDatabaseQueries } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { countHttpRequests } from "./http-metrics";
import { startMetricsPort } from "./metrics-endpoint";
import { appMetrics } from "./metrics";
import { logger } from "@/lib/log/logger.mjs";

/** The embedded auth's events (its metrics hook) as counters. */
export function countAuthEvent(event: AuthMetricEvent): void {
  const metrics = appMetrics();
  switch (event.kind) {
    case "sign_in":
      metrics.authSignIns.inc({ method: event.method });
      break;
    case "sign_in_failed":
      metrics.authFailures.inc({ code: event.code });
      break;
    case "rate_limited":
      metrics.authRateLimited.inc({ code: event.code });
      break;
    case "sms_sent":
      metrics.sms.inc({ outcome: "sent", reason: "" });
      break;
    case "sms_refused":
      metrics.sms.inc({ outcome: "refused", reason: event.reason });
      break;
  }
}

/**
 * Start-up (src/server/startup.ts): the HTTP server's request observer, the database's query
 * timings and the embedded auth's events feed the registry from now on; METRICS_PORT opens.
 */
export function startObservability(): void {
  // Once per process, whichever bundle copy of start-up gets here first.
  processSingleton("sparkai.observability.started", () => {
    wire();
    return true;
  });
}

function wire(): void {
  const metrics = appMetrics();
  countHttpRequests();
  observeDatabaseQueries(({ driver, seconds, failed }) => metrics.dbQueries.observe({ driver, outcome: failed ? "error" : "ok" }, seconds));
  onAuthMetric(countAuthEvent);
  const { METRICS_PORT, METRICS_TOKEN } = getEnv();
  if (cluster.isWorker) {
    // One of `npm start`'s workers: the primary serves METRICS_PORT for all of them
    // (src/lib/net/cluster-metrics.mjs) and asks this registry over the IPC channel.
    answerClusterMetrics(metrics.registry);
  } else if (METRICS_PORT !== undefined) {
    startMetricsPort(METRICS_PORT, { token: METRICS_TOKEN, onError: (error) => logger().warn(`[metrics] 无法在端口 ${METRICS_PORT} 上提供指标：${error.message}`) });
  }
}

/** How often a worker's pool gauge is refreshed for the primary's scrape (it cannot refresh it on ask). */
const POOL_GAUGE_REFRESH_MS = 10_000;

function answerClusterMetrics(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is how prom-client starts answering the primary's requests in a worker.
  new AggregatorRegistry();
  const refresh = () => {
    const pool = databasePoolStats();
    if (pool) for (const [state, value] of Object.entries(pool)) appMetrics().dbPool.set({ state }, value);
  };
  refresh();
  setInterval(refresh, POOL_GAUGE_REFRESH_MS).unref();
}
