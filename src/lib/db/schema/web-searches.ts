import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One row per 联网搜索 a model-app question ran (src/features/web-search): what the operator's usage
 * page counts per month. Rate limiting uses the app's request counters, not these rows.
 */
export const webSearches = pgTable(
  "web_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    appid: text("appid").notNull(),
    /** The search service's name as shown to users (博查搜索, 本站文档 …). */
    provider: text("provider").notNull(),
    results: integer("results").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("web_searches_created_at_idx").on(table.createdAt), index("web_searches_user_idx").on(table.userId, table.createdAt)],
);
