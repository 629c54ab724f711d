import type { AuthConfig, RateLimitName } from "./config";
import { apiError } from "./errors";

/**
 * Fixed-window counters per (limit, key), in memory: per process, which matches GoTrue (its limiter
 * is in memory too). Keys are the client IP and, separately, the e-mail / phone being acted on.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly config: AuthConfig) {}

  /** Counts one request for each key; throws 429 `over_request_rate_limit` when a key is over. */
  hit(name: RateLimitName, keys: (string | undefined)[]): void {
    const { max, windowSeconds } = this.config.rateLimits[name];
    const now = Date.now();
    if (this.windows.size > 50_000) this.prune(now);
    for (const key of keys) {
      if (!key) continue;
      const id = `${name}:${key}`;
      let window = this.windows.get(id);
      if (!window || now - window.start >= windowSeconds * 1000) {
        window = { start: now, count: 0 };
        this.windows.set(id, window);
      }
      window.count += 1;
      if (window.count > max) throw apiError(429, "over_request_rate_limit", "Request rate limit reached");
    }
  }

  /** Throws like `hit` when a key has no request left, without counting one (a look before acting). */
  check(name: RateLimitName, keys: (string | undefined)[]): void {
    const { max, windowSeconds } = this.config.rateLimits[name];
    const now = Date.now();
    for (const key of keys) {
      const window = key ? this.windows.get(`${name}:${key}`) : undefined;
      if (window && now - window.start < windowSeconds * 1000 && window.count >= max) {
        throw apiError(429, "over_request_rate_limit", "Request rate limit reached");
      }
    }
  }

  private prune(now: number): void {
    const longest = Math.max(...Object.values(this.config.rateLimits).map((limit) => limit.windowSeconds)) * 1000;
    for (const [id, window] of this.windows) if (now - window.start >= longest) this.windows.delete(id);
  }
}
