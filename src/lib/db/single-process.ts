import type { Database } from "./types";

const singleProcess = new WeakSet<Database>();

/** PGlite: no other process can open this database (the data-dir lock, or it lives in memory). */
export function markSingleProcess(db: Database): void {
  singleProcess.add(db);
}

/**
 * True when this process is the database's only user, so rows another process left (one that
 * held it before a restart) belong to a process that is gone.
 */
export function isSingleProcessDatabase(db: Database): boolean {
  return singleProcess.has(db);
}
