import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** One question and answer as it was when the conversation was shared (safe fields only). */
export interface SharedMessageSnapshot {
  query: string;
  answer: string;
  /** Unix seconds, Dify's `created_at`. */
  created_at: number | null;
  /** The answer's 引用 (the chat page's citations: a model app's sources, a Dify app's knowledge). */
  citations?: { position: number; datasetName: string; documentName: string; segmentId: string; score: number | null; content: string; url?: string; page?: number; section?: string }[];
}

/**
 * Read-only links to a snapshot of one conversation (`/share/{token}`), viewable without an account.
 *
 * The token is stored as it is, not hashed (unlike API keys): the owner copies the link again from
 * the share dialog, and whoever can read this table can read the snapshot beside it anyway, so a hash
 * would protect nothing. It has 192 random bits, so it cannot be guessed.
 *
 * `snapshot` is a copy of the messages when shared: later messages never leak through an old link,
 * and deleting the conversation (in the app or in Dify) does not change or remove a link — only
 * 停止分享 does, which sets `revoked_at` and empties the snapshot. No foreign key to `auth` (see
 * docs/architecture/operations.md): a deleted owner's shares are removed when one is next looked up
 * (src/features/conversation-share/server/share-owner.ts).
 */
export const conversationShares = pgTable(
  "conversation_shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull(),
    userId: uuid("user_id").notNull(),
    appid: text("appid").notNull(),
    conversationId: text("conversation_id").notNull(),
    appName: text("app_name").notNull(),
    title: text("title").notNull(),
    snapshot: jsonb("snapshot").$type<SharedMessageSnapshot[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("conversation_shares_token_key").on(table.token),
    index("conversation_shares_user_app_idx").on(table.userId, table.appid).where(sql`${table.revokedAt} is null`),
  ],
);

export type ConversationShareRow = typeof conversationShares.$inferSelect;
