import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One row per `/v1` call made with a known API key, refused and failed ones included (a 401 of a
 * disabled account, a 429, an upstream error): what the key's 调用日志 lists. Never the messages.
 * Tokens and cost are not copied here: a successful call's usage row (`ai_usage_events`, written by
 * the AI proxy when the answer ends) carries the same `request_id` and is joined when the log is read.
 */
export const apiCallLogs = pgTable(
  "api_call_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    apiKeyId: uuid("api_key_id").notNull(),
    /** The X-Request-Id the server gave the call (src/lib/net/request-context.mjs). */
    requestId: text("request_id").notNull(),
    /** e.g. `POST /v1/chat/completions`. */
    endpoint: text("endpoint").notNull(),
    /** The `model` the client asked for (an app, or app/model); null when the call never named one. */
    model: text("model"),
    /** The app that answered, once the model was resolved. */
    appid: text("appid"),
    status: integer("status").notNull(),
    /** OpenAI's error code of a refused call (`rate_limit_exceeded`…); null when it succeeded. */
    errorCode: text("error_code"),
    /** Until the last byte of the answer (a stream's end), not only its headers. */
    durationMs: integer("duration_ms").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("api_call_logs_user_created_idx").on(table.userId, table.createdAt),
    index("api_call_logs_key_created_idx").on(table.apiKeyId, table.createdAt),
    // The retention sweep deletes by age alone.
    index("api_call_logs_created_at_idx").on(table.createdAt),
  ],
);

export type ApiCallLog = typeof apiCallLogs.$inferSelect;
export type NewApiCallLog = typeof apiCallLogs.$inferInsert;
