import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgSchema, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The embedded demo Dify server's own storage (src/embedded/dify). It plays the upstream, so these
 * tables are its private state, in their own Postgres schema; product code never reads them.
 * `seq` gives a total order inside one timestamp (cursor pagination must be stable).
 */
export const difyDemoSchema = pgSchema("dify_demo");

export const difyDemoConversations = difyDemoSchema.table(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    appId: text("app_id").notNull(),
    endUser: text("end_user").notNull(),
    name: text("name").notNull(),
    inputs: jsonb("inputs").$type<Record<string, unknown>>().notNull().default({}),
    introduction: text("introduction").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, precision: 3 }),
  },
  (table) => [index("dify_demo_conversations_owner_idx").on(table.appId, table.endUser, table.updatedAt)],
);

export const difyDemoMessages = difyDemoSchema.table(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    appId: text("app_id").notNull(),
    endUser: text("end_user").notNull(),
    /** Null for completion apps (one-shot messages without a conversation). */
    conversationId: uuid("conversation_id"),
    /**
     * The message this one follows (Dify's `parent_message_id`): regenerating or editing a question
     * makes a sibling. Null: a thread's root. Rows older than the column hold Dify's legacy marker
     * UUID_NIL ("follows the previous message in time"), set by the migration.
     */
    parentMessageId: uuid("parent_message_id"),
    query: text("query").notNull(),
    answer: text("answer").notNull().default(""),
    inputs: jsonb("inputs").$type<Record<string, unknown>>().notNull().default({}),
    files: jsonb("files").$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    status: text("status").notNull().default("normal"),
    error: text("error"),
    feedback: text("feedback"),
    /** The reason given with a rating (the feedback's `content`). */
    feedbackContent: text("feedback_content"),
    /** Agent apps: the message's `agent_thoughts` as `GET /messages` answers them. */
    agentThoughts: jsonb("agent_thoughts").$type<Record<string, unknown>[]>().notNull().default(sql`'[]'::jsonb`),
    /** Knowledge citations (`retriever_resources`) of the answer. */
    retrieverResources: jsonb("retriever_resources").$type<Record<string, unknown>[]>().notNull().default(sql`'[]'::jsonb`),
    messageTokens: integer("message_tokens").notNull().default(0),
    answerTokens: integer("answer_tokens").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index("dify_demo_messages_conversation_idx").on(table.conversationId, table.seq)],
);

export const difyDemoFiles = difyDemoSchema.table("files", {
  id: uuid("id").primaryKey().defaultRandom(),
  appId: text("app_id").notNull(),
  endUser: text("end_user").notNull(),
  name: text("name").notNull(),
  size: integer("size").notNull(),
  extension: text("extension").notNull(),
  mimeType: text("mime_type").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export type DifyDemoConversation = typeof difyDemoConversations.$inferSelect;
export type DifyDemoMessage = typeof difyDemoMessages.$inferSelect;
