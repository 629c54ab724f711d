import { authRateLimitWindows, type Database } from "@/lib/db";
import { isSharedDatabase } from "@/lib/db/cluster-events";
import type { AuthConfig, RateLimitName } from "./config";
import { apiError } from "./errors";
import { MemoryRateLimitStore, PostgresRateLimitStore, type RateLimitStore } from "@/lib/rate-limit";

/**
 * Fixed-window counters per (limit, key). Keys are the client IP and, separately, the e-mail / phone
 * / user being acted on. On a PostgreSQL database several processes may serve the app, so the
 * counters live there (an attacker spread over processes still meets one limit); on PGlite, in memory.
 */
export class RateLimiter {
  constructor(
    private readonly config: AuthConfig,
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
  ) {}

  /** Counts one request for each key; throws 429 `over_request_rate_limit` when a key is over. */
  async hit(name: RateLimitName, keys: (string | undefined)[]): Promise<void> {
    const { max, windowSeconds } = this.config.rateLimits[name];
    const counts = await this.store.increment(windowIds(name, keys), windowSeconds * 1000);
    if (counts.some((count) => count > max)) throw overLimit();
  }

  /** Throws like `hit` when a key has no request left, without counting one (a look before acting). */
  async check(name: RateLimitName, keys: (string | undefined)[]): Promise<void> {
    const { max, windowSeconds } = this.config.rateLimits[name];
    const counts = await this.store.peek(windowIds(name, keys), windowSeconds * 1000);
    if (counts.some((count) => count >= max)) throw overLimit();
  }

  /** Whether a key has used up `name`'s allowance, without counting (soft limits: the caller decides what follows). */
  async reached(name: RateLimitName, keys: (string | undefined)[]): Promise<boolean> {
    const { max, windowSeconds } = this.config.rateLimits[name];
    const counts = await this.store.peek(windowIds(name, keys), windowSeconds * 1000);
    return counts.some((count) => count >= max);
  }

  /** Counts one request for each key, never refusing (soft limits). */
  async count(name: RateLimitName, keys: (string | undefined)[]): Promise<void> {
    await this.store.increment(windowIds(name, keys), this.config.rateLimits[name].windowSeconds * 1000);
  }

  /** True only the first time `key` is presented within `windowSeconds` (single-use tokens; shared like the counters). */
  async firstUse(key: string, windowSeconds: number): Promise<boolean> {
    const [count] = await this.store.increment([`once:${key}`], windowSeconds * 1000);
    return count === 1;
  }
}

/** The store a service on `db` needs: shared by all processes on PostgreSQL, in memory on PGlite. */
export function rateLimitStoreFor(db: Database, config: AuthConfig): RateLimitStore {
  const longestWindowMs = Math.max(...Object.values(config.rateLimits).map((limit) => limit.windowSeconds)) * 1000;
  return isSharedDatabase(db) ? new PostgresRateLimitStore(db, authRateLimitWindows, longestWindowMs, "embedded-auth") : new MemoryRateLimitStore(longestWindowMs);
}

const windowIds = (name: RateLimitName, keys: (string | undefined)[]) => [
  ...new Set(keys.filter((key): key is string => Boolean(key)).map((key) => `${name}:${key}`)),
];

const overLimit = () => apiError(429, "over_request_rate_limit", "Request rate limit reached");
