import { openDatabase } from "./open";
import { resolveDatabaseTarget } from "./target";
import type { Database, DatabaseHandle } from "./types";
import { processSingleton } from "../process-singleton";
import { isBuildPhase } from "../build-phase";

interface DatabaseState {
  opening?: Promise<DatabaseHandle>;
  handle?: DatabaseHandle;
}

// Kept on globalThis: the dev server re-evaluates modules on every edit, and a second PGlite on
// the same directory would trip our own data-dir lock.
function state(): DatabaseState {
  return processSingleton<DatabaseState>("sparkai.database", () => ({}));
}

/** This process's database handle, opened and migrated on first use. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  // `next build` never opens the database: its prerender workers would take PGlite's one-owner lock
  // (left behind for `npm start` to trip over) and a deployment's build often has no database at all.
  // Pages that read it are dynamic; the prerendered listings fall back to configuration (isBuildPhase).
  if (isBuildPhase()) return Promise.reject(new Error("`next build` 期间不打开数据库：读数据库的页面必须是动态页面。"));
  const current = state();
  if (current.opening && !current.handle?.closed) return current.opening;
  const opening = Promise.resolve()
    .then(() => openDatabase(resolveDatabaseTarget()))
    .then((handle) => {
      if (current.opening === opening) current.handle = handle;
      return handle;
    });
  current.opening = opening;
  current.handle = undefined;
  // Forget a failure so the next call tries again (e.g. once the other process released the lock).
  opening.catch(() => {
    if (current.opening === opening) current.opening = undefined;
  });
  return opening;
}

/** The app's database (one per process). */
export async function getDatabase(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** Closes the app's database and releases the data-dir lock; the next `getDatabase()` reopens it. */
export async function closeDatabase(): Promise<void> {
  const current = state();
  const opening = current.opening;
  current.opening = undefined;
  current.handle = undefined;
  const handle = await opening?.catch(() => undefined);
  await handle?.close();
}

/** The PostgreSQL pool's connections now (undefined on PGlite or before the database opened), for the metrics. */
export function databasePoolStats(): { total: number; idle: number; waiting: number } | undefined {
  const handle = state().handle;
  if (handle?.driver !== "postgres") return undefined;
  return { total: handle.pool.totalCount, idle: handle.pool.idleCount, waiting: handle.pool.waitingCount };
}
