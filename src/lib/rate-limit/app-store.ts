import { rateLimitWindows } from "@/lib/db/schema/rate-limits";
import { isSharedDatabase } from "@/lib/db/cluster-events";
import type { Database } from "@/lib/db/types";
import { MemoryRateLimitStore, type RateLimitStore } from "./memory-store";
import { PostgresRateLimitStore } from "./postgres-store";
import { processSingleton } from "../process-singleton";

/** Windows longer than this are not used by the app's limits (prune horizon of old windows). */
const LONGEST_WINDOW_MS = 3_600_000;

/**
 * The app's request counters on `db` (the embedded auth service has its own): on PostgreSQL shared by
 * every process serving the site (`public.rate_limit_windows`), on PGlite in the one process's memory.
 * Keys carry their limit's name (`api-key:…`, `conversation-search:…`).
 */
export function appRateLimitStore(db: Database): RateLimitStore {
  const stores = processSingleton("sparkai.app-rate-limit-stores", () => new WeakMap<Database, RateLimitStore>());
  let store = stores.get(db);
  if (!store) {
    store = isSharedDatabase(db) ? new PostgresRateLimitStore(db, rateLimitWindows, LONGEST_WINDOW_MS, "app-rate-limit") : new MemoryRateLimitStore(LONGEST_WINDOW_MS);
    stores.set(db, store);
  }
  return store;
}
