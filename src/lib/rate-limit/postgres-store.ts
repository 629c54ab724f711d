import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db/types";
import type { RateLimitStore } from "./memory-store";

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Counters in a table of `(key, window_start, count)` rows (`rateLimitWindowColumns`), shared by
 * every process on the database: one upsert per request counts all its keys, restarting a window
 * that is over (the database's clock decides, so processes on different machines agree). Plain SQL
 * over the table given, so the embedded auth service and the app keep their counters apart.
 */
export class PostgresRateLimitStore implements RateLimitStore {
  private lastPrune = Date.now();

  constructor(
    private readonly db: Database,
    private readonly table: PgTable,
    private readonly longestWindowMs: number,
    private readonly label = "rate-limit",
  ) {}

  async increment(ids: string[], windowMs: number): Promise<number[]> {
    if (ids.length === 0) return [];
    this.pruneNowAndThen();
    const over = sql`w.window_start <= now() - make_interval(secs => ${windowMs / 1000})`;
    const { rows } = await this.db.execute<{ key: string; count: number }>(sql`
      insert into ${this.table} as w (key, window_start, count)
      values ${sql.join(ids.map((id) => sql`(${id}, now(), 1)`), sql`, `)}
      on conflict (key) do update set
        count = case when ${over} then 1 else w.count + 1 end,
        window_start = case when ${over} then now() else w.window_start end
      returning key, count`);
    const counts = new Map(rows.map((row) => [row.key, Number(row.count)]));
    return ids.map((id) => counts.get(id) ?? 0);
  }

  async peek(ids: string[], windowMs: number): Promise<number[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.db.execute<{ key: string; count: number }>(sql`
      select key, case when window_start > now() - make_interval(secs => ${windowMs / 1000}) then count else 0 end as count
      from ${this.table} where key in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    const counts = new Map(rows.map((row) => [row.key, Number(row.count)]));
    return ids.map((id) => counts.get(id) ?? 0);
  }

  /** Windows older than the longest limit count for nothing: each process clears them every 10 minutes. */
  private pruneNowAndThen(): void {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    void this.db
      .execute(sql`delete from ${this.table} where window_start < now() - make_interval(secs => ${this.longestWindowMs / 1000})`)
      .catch((error: unknown) => console.error(`[${this.label}] 清理限流计数失败`, error));
  }
}
