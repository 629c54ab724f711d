import { inArray, sql } from "drizzle-orm";
import { authRateLimitWindows, type Database } from "@/lib/db";
import type { RateLimitStore } from "@/lib/memory-rate-limit-store";

export { MemoryRateLimitStore, type RateLimitStore } from "@/lib/memory-rate-limit-store";

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Counters in `auth.rate_limit_windows`, shared by every process on the database: one upsert per
 * request counts all its keys, restarting a window that is over (the database's clock decides, so
 * processes on different machines agree).
 */
export class PostgresRateLimitStore implements RateLimitStore {
  private lastPrune = Date.now();

  constructor(
    private readonly db: Database,
    private readonly longestWindowMs: number,
  ) {}

  async increment(ids: string[], windowMs: number): Promise<number[]> {
    if (ids.length === 0) return [];
    this.pruneNowAndThen();
    const table = authRateLimitWindows;
    const over = sql`${table.windowStart} <= now() - make_interval(secs => ${windowMs / 1000})`;
    const rows = await this.db
      .insert(table)
      .values(ids.map((key) => ({ key, windowStart: sql`now()`, count: 1 })))
      .onConflictDoUpdate({
        target: table.key,
        set: {
          count: sql`case when ${over} then 1 else ${table.count} + 1 end`,
          windowStart: sql`case when ${over} then now() else ${table.windowStart} end`,
        },
      })
      .returning({ key: table.key, count: table.count });
    const counts = new Map(rows.map((row) => [row.key, row.count]));
    return ids.map((id) => counts.get(id) ?? 0);
  }

  async peek(ids: string[], windowMs: number): Promise<number[]> {
    if (ids.length === 0) return [];
    const table = authRateLimitWindows;
    const rows = await this.db
      .select({ key: table.key, count: sql<number>`case when ${table.windowStart} > now() - make_interval(secs => ${windowMs / 1000}) then ${table.count} else 0 end` })
      .from(table)
      .where(inArray(table.key, ids));
    const counts = new Map(rows.map((row) => [row.key, Number(row.count)]));
    return ids.map((id) => counts.get(id) ?? 0);
  }

  /** Windows older than the longest limit count for nothing: each process clears them every 10 minutes. */
  private pruneNowAndThen(): void {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    void this.db
      .delete(authRateLimitWindows)
      .where(sql`${authRateLimitWindows.windowStart} < now() - make_interval(secs => ${this.longestWindowMs / 1000})`)
      .catch((error: unknown) => console.error("[embedded-auth] 清理限流计数失败", error));
  }
}
