import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
    // The operator's usage page (/admin/usage) aggregates one month of everyone's rows: every column
    // its queries read is in the index, so they are index-only scans of the month (bench/admin).
    index("ai_usage_events_created_at_cover_idx").on(table.createdAt, table.userId, table.appid, table.model, table.totalTokens),
  ],
);

export type AiUsageEvent = typeof aiUsageEvents.$inferSelect;
export type NewAiUsageEvent = typeof aiUsageEvents.$inferInsert;
