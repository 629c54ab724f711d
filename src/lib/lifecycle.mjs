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
