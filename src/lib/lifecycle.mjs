// @ts-check
/**
 * Where this process is in its life, for orchestrators' readiness check: `starting` until start-up
 * (src/server/startup.ts) has opened the database — migrations included — and wired the app,
 * `ready` then, `draining` once server.mjs got SIGTERM. Kept on globalThis under a `Symbol.for` key:
 * server.mjs (plain Node) sets it and the app's bundles (several module copies) read it.
 *
 * Plain JavaScript (JSDoc types) because server.mjs runs with `node` alone.
 */

/** @typedef {"starting" | "ready" | "draining"} LifecyclePhase */

const LIFECYCLE_KEY = Symbol.for("sparkai.lifecycle");

/** @returns {{ phase: LifecyclePhase }} */
function lifecycle() {
  const holder = /** @type {Record<symbol, { phase: LifecyclePhase } | undefined>} */ (/** @type {unknown} */ (globalThis));
  return (holder[LIFECYCLE_KEY] ??= { phase: "starting" });
}

/** @returns {LifecyclePhase} */
export function lifecyclePhase() {
  return lifecycle().phase;
}

/** Start-up is done. Draining is final: a late start-up step does not undo it. */
export function markReady() {
  const state = lifecycle();
  if (state.phase === "starting") state.phase = "ready";
}

/** The process is shutting down: orchestrators should send it nothing new. */
export function markDraining() {
  lifecycle().phase = "draining";
}

/**
 * Work a draining process lets finish, then ends (server.mjs's SIGTERM): `busy()` counts what is still
 * running (running AI answers), `stop()` ends what is left once the drain time is up, `flush()` writes
 * what is buffered (write-behind rows) after every `stop()`.
 * @typedef {{ busy?: () => number, stop?: () => Promise<void> | void, flush?: () => Promise<void> | void }} Drainable
 */

const DRAINABLES_KEY = Symbol.for("sparkai.lifecycle.drainables");

/** @returns {Set<Drainable>} */
function drainables() {
  const holder = /** @type {Record<symbol, Set<Drainable> | undefined>} */ (/** @type {unknown} */ (globalThis));
  return (holder[DRAINABLES_KEY] ??= new Set());
}

/** @param {Drainable} drainable */
export function onDrain(drainable) {
  drainables().add(drainable);
}

/** What is still running. */
export function busyCount() {
  let busy = 0;
  for (const drainable of drainables()) busy += drainable.busy?.() ?? 0;
  return busy;
}

/**
 * Marks the process draining, waits up to `limitMs` for the running work, ends the rest, flushes the
 * buffers. Never throws: a failing part is reported to `onError` and the others still run.
 * @param {number} limitMs
 * @param {(error: unknown) => void} [onError]
 * @returns {Promise<{ waitedMs: number, endedEarly: number }>}
 */
export async function drain(limitMs, onError = () => undefined) {
  markDraining();
  const started = Date.now();
  while (busyCount() > 0 && Date.now() - started < limitMs) await new Promise((resolve) => setTimeout(resolve, 50));
  const endedEarly = busyCount();
  for (const step of /** @type {const} */ (["stop", "flush"])) {
    await Promise.all([...drainables()].map(async (drainable) => {
      try {
        await drainable[step]?.();
      } catch (error) {
        onError(error);
      }
    }));
  }
  return { waitedMs: Date.now() - started, endedEarly };
}
