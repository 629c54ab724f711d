import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { processSingleton } from "@/lib/process-singleton";

/**
 * The process's Prometheus metrics: one registry per process (Next.js loads this module more than
 * once per process; each copy must count into the same families), with prom-client's default
 * process metrics (memory, CPU, event-loop lag, GC, handles). Each family is recorded by the one
 * place that owns what it counts (see docs/architecture/observability.md); this file only names them.
 */

/** Latency buckets for requests and AI calls: fast API answers up to long streamed answers. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
const QUERY_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({ name: "spark_http_requests_total", help: "HTTP requests answered, by route group and status", labelNames: ["route_group", "method", "status"], registers }),
    httpDuration: new Histogram({ name: "spark_http_request_duration_seconds", help: "HTTP request duration until the answer ended (streams included)", labelNames: ["route_group", "status"], buckets: SECONDS, registers }),
    aiCalls: new Counter({ name: "spark_ai_calls_total", help: "AI generation calls, by app, model and outcome", labelNames: ["app", "model", "outcome"], registers }),
    aiFirstEvent: new Histogram({ name: "spark_ai_first_event_seconds", help: "Time from the call to the first byte of its answer", labelNames: ["app", "model"], buckets: SECONDS, registers }),
    aiDuration: new Histogram({ name: "spark_ai_call_duration_seconds", help: "Time from the call to the end of its answer", labelNames: ["app", "model", "outcome"], buckets: SECONDS, registers }),
    aiUpstreamErrors: new Counter({ name: "spark_ai_upstream_errors_total", help: "Upstream (Dify, model provider) failures, by kind (timeout, http_error, stream_cut, invalid_stream)", labelNames: ["app", "kind"], registers }),
    aiTokens: new Counter({ name: "spark_ai_tokens_total", help: "Tokens metered into usage rows", labelNames: ["app", "kind"], registers }),
    aiActiveStreams: new Gauge({ name: "spark_ai_active_streams", help: "AI answers streaming now", registers }),
    quotaRefusals: new Counter({ name: "spark_quota_refusals_total", help: "AI calls refused at admission (tokens spent, concurrent calls)", labelNames: ["reason"], registers }),
    payments: new Counter({ name: "spark_payments_total", help: "Payments and their outcomes, by provider", labelNames: ["provider", "outcome"], registers }),
    authSignIns: new Counter({ name: "spark_auth_sign_ins_total", help: "Sessions started by the embedded auth, by method", labelNames: ["method"], registers }),
    authFailures: new Counter({ name: "spark_auth_sign_in_failures_total", help: "Refused sign-in attempts, by error code", labelNames: ["code"], registers }),
    authRateLimited: new Counter({ name: "spark_auth_rate_limited_total", help: "Auth requests refused by a rate limit, by error code", labelNames: ["code"], registers }),
    sms: new Counter({ name: "spark_sms_total", help: "SMS codes sent or refused (limits, budget, gateway), by outcome and reason", labelNames: ["outcome", "reason"], registers }),
    dbQueries: new Histogram({ name: "spark_db_query_duration_seconds", help: "Database query duration (queries outside transactions)", labelNames: ["driver", "outcome"], buckets: QUERY_SECONDS, registers }),
    dbPool: new Gauge({ name: "spark_db_pool_connections", help: "PostgreSQL pool connections: total, idle, and requests waiting for one", labelNames: ["state"], registers }),
  };
}

export type AppMetrics = ReturnType<typeof createMetrics>;

/** This process's metrics (created on first use). */
export function appMetrics(): AppMetrics {
  return processSingleton("sparkai.observability.metrics", createMetrics);
}
