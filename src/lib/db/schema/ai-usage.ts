import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * One row per answered message (chat, completion) or workflow run, written by the Dify proxy from
 * the upstream's own usage figures. The unique ids make recording idempotent: a repeated or
 * retried report of the same message/run inserts nothing.
 */
export const aiUsageEvents = pgTable(
  "ai_usage_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appid: text("appid").notNull(),
    userId: uuid("user_id").notNull(),
    kind: text("kind", { enum: ["chat", "workflow", "completion"] }).notNull(),
    messageId: text("message_id"),
    workflowRunId: text("workflow_run_id"),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    /** What counts against the quota: for model apps the tokens times the model's weight. */
    totalTokens: integer("total_tokens").notNull().default(0),
    /** The model that answered (model apps; null for Dify apps, whose model Dify chooses). */
    model: text("model"),
    /** The API key the call was made with (the developer API); null for calls from the site. */
    apiKeyId: uuid("api_key_id"),
    /** The `/v1` call's X-Request-Id: its 调用日志 row (`api_call_logs`) finds its tokens and cost by it. */
    requestId: text("request_id"),
    /** The provider sent no usage figures; ours are counted from the text. */
    estimated: boolean("estimated").notNull().default(false),
    latencyMs: integer("latency_ms").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ai_usage_events_message_id_key").on(table.messageId),
    uniqueIndex("ai_usage_events_workflow_run_id_key").on(table.workflowRunId),
    index("ai_usage_events_user_created_idx").on(table.userId, table.createdAt),
    index("ai_usage_events_api_key_idx").on(table.apiKeyId, table.createdAt),
    index("ai_usage_events_request_id_idx").on(table.requestId).where(sql`${table.requestId} is not null`),
    // The operator's usage report reads the rollups below, not these rows (the covering index that
    // served it until migration 0024 only cost every insert).
    index("ai_usage_events_created_at_idx").on(table.createdAt),
  ],
);

export type AiUsageEvent = typeof aiUsageEvents.$inferSelect;
export type NewAiUsageEvent = typeof aiUsageEvents.$inferInsert;

/**
 * Rollups of `ai_usage_events` for the operator's usage report (/admin/usage), so a month is a few
 * hundred + one row per active user instead of every event. Kept exact by statement-level triggers
 * on `ai_usage_events` (migration 0024: insert adds, delete and update subtract), so every writer —
 * the proxy's recording, the batcher, seeders, tests — updates them in the same statement and
 * transaction. Days and months are China time (`PRODUCT_TIME_ZONE`, written into the trigger).
 */
export const aiUsageDaily = pgTable(
  "ai_usage_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    appid: text("appid").notNull(),
    /** '' for "no model" (Dify apps): a key column cannot be null; recording never writes ''. */
    model: text("model").notNull().default(""),
    tokens: bigint("tokens", { mode: "number" }).notNull().default(0),
    calls: bigint("calls", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.appid, table.model] })],
);

/** Per user per China-time month (`month` is its first day): the per-plan and top-users figures. */
export const aiUsageMonthlyUser = pgTable(
  "ai_usage_monthly_user",
  {
    month: date("month", { mode: "string" }).notNull(),
    userId: uuid("user_id").notNull(),
    tokens: bigint("tokens", { mode: "number" }).notNull().default(0),
    calls: bigint("calls", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.month, table.userId] }), index("ai_usage_monthly_user_user_idx").on(table.userId)],
);
