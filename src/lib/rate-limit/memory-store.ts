/**
 * Fixed-window request counters. The in-memory store serves one process (PGlite, or a limit that may
 * be per process); the embedded auth service adds a PostgreSQL store shared by all processes.
 * Written here because a Map of windows is all it takes; no dependency is worth adding for it.
 */

/** Where fixed-window counters live. Counts are per id, in the same order as the ids given. */
export interface RateLimitStore {
  /** Counts one request for each id and answers each id's count in its current window. */
  increment(ids: string[], windowMs: number): Promise<number[]>;
  /** Each id's count in its current window (0 when its window is over), without counting. */
  peek(ids: string[], windowMs: number): Promise<number[]>;
}

/** One process's counters (PGlite: the only process). */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly longestWindowMs = 60 * 60 * 1000) {}

  async increment(ids: string[], windowMs: number): Promise<number[]> {
    const now = Date.now();
    if (this.windows.size > 50_000) this.prune(now);
    return ids.map((id) => {
      let window = this.windows.get(id);
      if (!window || now - window.start >= windowMs) {
        window = { start: now, count: 0 };
        this.windows.set(id, window);
      }
      window.count += 1;
      return window.count;
    });
  }

  async peek(ids: string[], windowMs: number): Promise<number[]> {
    const now = Date.now();
    return ids.map((id) => {
      const window = this.windows.get(id);
      return window && now - window.start < windowMs ? window.count : 0;
    });
  }

  private prune(now: number): void {
    for (const [id, window] of this.windows) if (now - window.start >= this.longestWindowMs) this.windows.delete(id);
  }
}

