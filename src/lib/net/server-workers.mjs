// @ts-check
/**
 * `npm start` with several processes (server.mjs, WEB_CONCURRENCY > 1 on PostgreSQL): this primary
 * forks the workers with node:cluster, which share the one listening port, and serves nothing itself.
 * Each worker is today's single server — start-up, fast lane, health, its own SIGTERM drain. Start-up
 * migrations are safe to run from all of them at once: src/lib/db/migrate.ts holds a PostgreSQL
 * advisory lock while it migrates, so one applies them and the others find them applied.
 *
 * The primary forwards SIGTERM / SIGINT to every worker, waits for them all, then exits (0 when every
 * worker exited 0). A worker that dies otherwise is logged and replaced, after a back-off
 * (worker-plan.mjs) when it keeps dying soon after start. But while no worker has ever listened, a
 * death is a failed start-up (bad configuration, database unreachable), as it is for one process: the
 * primary stops the others and exits 1, rather than retry a broken setup forever out of sight.
 */
import cluster from "node:cluster";
import { onStopSignals } from "./graceful-shutdown.mjs";
import { HEALTHY_RUN_MS, restartDelayMs } from "./worker-plan.mjs";

/** The worker's slot (1…N) in its environment: its log lines and health answers carry it. */
export const WORKER_ID_VARIABLE = "SPARK_WORKER_ID";

/**
 * @param {{ count: number, drainMs: number, log: import("pino").Logger }} options
 * @returns {{ stopped: Promise<number> }} the exit code the primary should end with
 */
export function runPrimary({ count, drainMs, log }) {
  let stopping = false;
  let failedOnStop = false;
  let served = false;
  /** @type {Set<NodeJS.Timeout>} */
  const pendingRestarts = new Set();
  /** Our own list: node:cluster keeps a dead worker in cluster.workers until its IPC channel closes. */
  /** @type {Set<import("node:cluster").Worker>} */
  const live = new Set();
  /** slot → quick deaths in a row */
  const quickDeaths = new Map();
  /** @type {(code: number) => void} */
  let finish = () => {};
  const stopped = new Promise((resolve) => (finish = resolve));

  /** @param {number} slot */
  const fork = (slot) => {
    const startedAt = Date.now();
    const worker = cluster.fork({ [WORKER_ID_VARIABLE]: String(slot) });
    live.add(worker);
    // E.g. a signal sent as the worker died: logged, never an unhandled 'error' ending the primary.
    worker.on("error", (error) => log.warn({ err: error, worker: slot }, `工作进程 ${slot} 出错`));
    worker.once("listening", () => (served = true));
    worker.on("exit", (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (code !== 0) failedOnStop = true;
        log.info({ worker: slot, workerPid: worker.process.pid, code, signal }, `工作进程 ${slot} 已退出`);
        if (live.size === 0) finish(failedOnStop ? 1 : 0);
        return;
      }
      if (!served) {
        log.fatal({ worker: slot, workerPid: worker.process.pid, code, signal }, `工作进程 ${slot} 启动失败，停止全部工作进程`);
        failedOnStop = true;
        return stopAll("SIGTERM");
      }
      const quick = Date.now() - startedAt < HEALTHY_RUN_MS;
      const deaths = quick ? (quickDeaths.get(slot) ?? 0) + 1 : 1;
      quickDeaths.set(slot, deaths);
      const delayMs = restartDelayMs(deaths);
      log.error({ worker: slot, workerPid: worker.process.pid, code, signal, restartInMs: delayMs }, `工作进程 ${slot} 意外退出，${delayMs > 0 ? `${Math.round(delayMs / 1000)} 秒后` : "立即"}重新启动`);
      const timer = setTimeout(() => {
        pendingRestarts.delete(timer);
        if (!stopping) fork(slot);
      }, delayMs);
      pendingRestarts.add(timer);
    });
  };

  log.info({ workers: count }, `以 ${count} 个工作进程启动（WEB_CONCURRENCY）`);
  for (let slot = 1; slot <= count; slot += 1) fork(slot);

  /** @param {NodeJS.Signals} signal */
  const stopAll = (signal) => {
    stopping = true;
    for (const timer of pendingRestarts) clearTimeout(timer);
    if (live.size === 0) return finish(failedOnStop ? 1 : 0);
    // Each worker drains as the single server does (SIGINT: without waiting). A worker also
    // signalled directly (systemd's control group, a terminal's Ctrl-C) ignores this copy.
    for (const worker of live) worker.process.kill(signal);
  };

  onStopSignals({
    drainMs,
    log,
    shutdown: (waitMs) => {
      log.info({ workers: live.size, drainMs: waitMs }, "收到退出信号：通知全部工作进程排空后退出");
      stopAll(waitMs === 0 ? "SIGINT" : "SIGTERM");
    },
  });
  return { stopped };
}
