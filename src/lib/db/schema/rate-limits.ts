import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The app's own fixed-window request counters (the developer API's per-key limit), shared by every
 * process on one PostgreSQL; with PGlite they stay in memory. The embedded auth service keeps its own
 * in `auth.rate_limit_windows`. Old windows are pruned (src/lib/rate-limit/postgres-store.ts).
 */
export const rateLimitWindows = pgTable("rate_limit_windows", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});
