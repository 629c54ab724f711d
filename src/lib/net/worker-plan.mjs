// @ts-check
/**
 * How many server processes `npm start` runs (server.mjs), and how long a crashed one waits before
 * it is started again. Plain JavaScript: the primary process runs with `node` alone.
 */

/**
 * WEB_CONCURRENCY workers (the name Heroku, Render and others set), one per core by default. Several
 * processes need a shared database: on PGlite (no DATABASE_URL) the data directory has one owner, so
 * there is always one process and `notice` says why when more were asked for.
 * @param {Record<string, string | undefined>} env WEB_CONCURRENCY and DATABASE_URL
 * @param {number} cores os.availableParallelism()
 * @returns {{ count: number, notice?: string, invalid?: string }}
 */
export function planWorkers(env, cores) {
  const asked = (env.WEB_CONCURRENCY ?? "").trim();
  const requested = asked === "" ? undefined : Number(asked);
  if (requested !== undefined && !(Number.isInteger(requested) && requested >= 1 && requested <= 256)) {
    return { count: 1, invalid: `WEB_CONCURRENCY 无效（应为 1 到 256 的整数）：${asked}` };
  }
  if (!env.DATABASE_URL?.trim()) {
    return requested !== undefined && requested > 1
      ? { count: 1, notice: `WEB_CONCURRENCY=${requested}，但未设置 DATABASE_URL：内置数据库（PGlite）只能由一个进程使用，以单进程运行` }
      : { count: 1 };
  }
  return { count: requested ?? Math.max(1, cores) };
}

/** A worker that ran this long before it died was healthy: its replacement starts without waiting. */
export const HEALTHY_RUN_MS = 60_000;

/**
 * Wait before starting a dead worker's replacement: none after a healthy run, then 1 s, 2 s, 4 s …
 * up to 30 s for each quick death in a row, so a worker that cannot start does not spin a core.
 * @param {number} quickDeathsInARow deaths shortly after start, this one included (≥ 1)
 */
export function restartDelayMs(quickDeathsInARow) {
  if (quickDeathsInARow <= 1) return 0;
  return Math.min(30_000, 1_000 * 2 ** (quickDeathsInARow - 2));
}
