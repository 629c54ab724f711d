import { processSingleton } from "../process-singleton";
import type { DatabaseDriver } from "./types";

/** One finished query, for the metrics (src/features/observability subscribes at start-up). */
export type QueryTiming = { driver: DatabaseDriver; seconds: number; failed: boolean };
export type QueryObserver = (timing: QueryTiming) => void;

const observers = () => processSingleton("sparkai.db.query-observers", () => new Set<QueryObserver>());

/** Calls `observer` after each query the app's database runs; answers the unsubscribe. */
export function observeDatabaseQueries(observer: QueryObserver): () => void {
  observers().add(observer);
  return () => observers().delete(observer);
}

type Queryable = { query: (...args: never[]) => unknown };

/**
 * Times the promise-returning `query` of a pg Pool or a PGlite client — what drizzle calls for every
 * statement outside a transaction (a transaction's statements run on a checked-out client and are
 * not timed). Wrapping the method is the only seam both drivers share; with no observer it costs a
 * Set size check.
 */
export function timeQueries(client: Queryable, driver: DatabaseDriver): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const listening = observers();
    if (listening.size === 0) return original(...args);
    const started = performance.now();
    const result = original(...args);
    if (result instanceof Promise) {
      const report = (failed: boolean) => {
        const timing = { driver, seconds: (performance.now() - started) / 1000, failed };
        for (const observer of listening) observer(timing);
      };
      result.then(
        () => report(false),
        () => report(true),
      );
    }
    return result;
  };
}
