import { bigserial, boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** An image a user attached to a question of a vision model (sent to the provider inline). */
export interface ModelMessageFile {
  id: string;
  name: string;
  type: "image";
}

/**
 * A passage an answer was grounded on (issue 37), as the chat page's 引用 shows it: the fields of
 * Dify's `retriever_resources` plus where it came from (a web address, a page or section of a document).
 */
export interface ModelMessageSource {
  position: number;
  kind: "knowledge" | "document" | "web";
  datasetName: string;
  documentName: string;
  segmentId: string;
  score: number | null;
  content: string;
  url?: string;
  page?: number;
  section?: string;
}

/**
 * Conversations of model apps (apps that talk to an OpenAI-compatible provider directly, with no
 * Dify in between): ours to keep, per user and app. `model` is the model the user last chose for
 * this conversation. `seq` gives a total order inside one timestamp (stable cursor pagination).
 */
export const modelConversations = pgTable(
  "model_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    appid: text("appid").notNull(),
    userId: uuid("user_id").notNull(),
    name: text("name").notNull(),
    model: text("model").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index("model_conversations_owner_idx").on(table.userId, table.appid, table.updatedAt)],
);

/**
 * One question and its answer. `reasoning` is the model's thinking (`reasoning_content` or a
 * `<think>` block), kept apart from the answer. `usage_estimated` marks figures we counted ourselves
 * because the provider sent none. `status` is `normal`, `stopped` (the user stopped it) or `error`
 * (the stream broke: `answer` keeps what arrived).
 */
export const modelMessages = pgTable(
  "model_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => modelConversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    /** As Dify's `parent_message_id`: null for a thread's root, UUID_NIL for rows older than the column. */
    parentMessageId: uuid("parent_message_id"),
    model: text("model").notNull(),
    query: text("query").notNull(),
    answer: text("answer").notNull().default(""),
    reasoning: text("reasoning").notNull().default(""),
    files: jsonb("files").$type<ModelMessageFile[]>().notNull().default([]),
    /** The passages the answer was given to cite (`retriever_resources`), numbered as the model saw them. */
    sources: jsonb("sources").$type<ModelMessageSource[]>().notNull().default([]),
    status: text("status", { enum: ["normal", "stopped", "error"] }).notNull().default("normal"),
    error: text("error"),
    feedback: text("feedback", { enum: ["like", "dislike"] }),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    usageEstimated: boolean("usage_estimated").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index("model_messages_conversation_idx").on(table.conversationId, table.seq)],
);

/**
 * Images uploaded for model apps, per user and app (Dify's `files/upload` of the protocol). Kept in
 * the database because the provider gets them inline (a data URL) with the question.
 */
export const modelFiles = pgTable(
  "model_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appid: text("appid").notNull(),
    userId: uuid("user_id").notNull(),
    name: text("name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index("model_files_owner_idx").on(table.userId, table.appid)],
);

export type ModelConversation = typeof modelConversations.$inferSelect;
export type ModelMessage = typeof modelMessages.$inferSelect;
