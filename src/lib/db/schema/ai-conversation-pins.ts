import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Conversations a user pinned in an app's chat sidebar. Dify has no pin API, so pins live here,
 * keyed by the user, the app and Dify's conversation id (one row each). No foreign key to `auth`
 * (see docs/architecture/operations.md); every query filters by `user_id`.
 */
export const aiConversationPins = pgTable(
  "ai_conversation_pins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    appid: text("appid").notNull(),
    conversationId: text("conversation_id").notNull(),
    pinnedAt: timestamp("pinned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The unique index also serves the list query (user_id, appid is its prefix).
  (table) => [uniqueIndex("ai_conversation_pins_user_app_conversation_key").on(table.userId, table.appid, table.conversationId)],
);

export type AiConversationPinRow = typeof aiConversationPins.$inferSelect;
