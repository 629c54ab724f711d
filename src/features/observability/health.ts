import { checkDatabaseHealth, type DatabaseHealth } from "@/lib/db/health";
import { lifecyclePhase, type LifecyclePhase } from "@/lib/lifecycle.mjs";
import { logger } from "@/lib/log/logger.mjs";

/**
 * Liveness and readiness for orchestrators (Kubernetes probes, a load balancer's health check), kept
 * apart: a live process that is not ready (starting, draining, database gone) must be taken out of
 * the rotation, not restarted. `/api/health` stays the combined status page it always was.
 */

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Alive: the process answers HTTP. Nothing else is checked, so a database outage restarts nothing.
 * With several workers (`npm start`, WEB_CONCURRENCY) each answers for itself: its pid and slot say which.
 */
export function livenessResponse(): Response {
  const worker = process.env.SPARK_WORKER_ID;
  return Response.json(
    { status: "alive", uptimeSeconds: Math.round(process.uptime()), pid: process.pid, ...(worker ? { worker: Number(worker) } : {}) },
    { headers: NO_STORE },
  );
}

export interface ReadinessDeps {
  phase?: () => LifecyclePhase;
  checkDatabase?: () => Promise<DatabaseHealth>;
}

/** How long readiness waits for `select 1`: a probe answers well inside an orchestrator's time-out. */
const READINESS_DATABASE_TIMEOUT_MS = 2_000;

/**
 * Ready: start-up (migrations included) is done, the process is not draining and the database
 * answers. 503 otherwise, with the reason; the database's error detail stays in the server log.
 */
export async function readinessResponse(deps: ReadinessDeps = {}): Promise<Response> {
  const phase = (deps.phase ?? lifecyclePhase)();
  if (phase !== "ready") return Response.json({ status: phase }, { status: 503, headers: NO_STORE });
  const database = await (deps.checkDatabase ?? (() => checkDatabaseHealth({ timeoutMs: READINESS_DATABASE_TIMEOUT_MS })))();
  if (database.status !== "ok") {
    logger().error(`[health] 未就绪：${database.message ?? "数据库不可用"}`);
    return Response.json({ status: "database_unavailable" }, { status: 503, headers: NO_STORE });
  }
  return Response.json({ status: "ready" }, { headers: NO_STORE });
}
