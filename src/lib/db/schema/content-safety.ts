import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The built-in moderation list (src/features/content-safety): one word, or a `/regex/` pattern, a row.
 * Managed by operators in the console; seeded from `MODERATION_WORDS_FILE` while empty.
 */
export const moderationWords = pgTable("moderation_words", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The entry as written: a word, or `/…/` for a pattern. */
  entry: text("entry").notNull().unique(),
  createdBy: uuid("created_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every moderation hit: a refused question or a cut answer. No foreign keys to `auth` (see
 * docs/architecture.md "Database"): the record outlives a deleted user, as the rules ask.
 */
export const moderationHits = pgTable(
  "moderation_hits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    appid: text("appid").notNull(),
    /** `question` (refused before the upstream) or `answer` (cut while streaming). */
    stage: text("stage").$type<"question" | "answer">().notNull(),
    /** The provider (`words`, `aliyun`, `tencent`) and its rule or label. */
    provider: text("provider").notNull(),
    label: text("label").notNull(),
    /** At most 50 characters around the hit. */
    excerpt: text("excerpt").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("moderation_hits_created_at_idx").on(table.createdAt), index("moderation_hits_user_idx").on(table.userId, table.createdAt)],
);

/**
 * Answers cut while streaming, by app and message id: the upstream (Dify, a model app's history)
 * keeps their whole text, so the AI proxy replaces it when the history is read back and offers no
 * suggested questions or read-aloud for them.
 */
export const moderationBlockedAnswers = pgTable(
  "moderation_blocked_answers",
  {
    appid: text("appid").notNull(),
    messageId: text("message_id").notNull(),
    userId: uuid("user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.appid, table.messageId] }), index("moderation_blocked_answers_user_idx").on(table.userId)],
);

export type ModerationHitRow = typeof moderationHits.$inferSelect;
export type ModerationWordRow = typeof moderationWords.$inferSelect;
