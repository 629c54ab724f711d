import { bigint, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Knowledge bases (issue 37): a user's own (`user_id`), or shared ones the operators keep (`user_id` null)
 * and attach to model apps. Every user query is scoped by `user_id`, so another user's ids are not found.
 */
export const knowledgeBases = pgTable(
  "knowledge_bases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id"),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("knowledge_bases_user_idx").on(table.userId, table.createdAt)],
);

export const KNOWLEDGE_DOCUMENT_STATUSES = ["parsing", "indexed", "failed"] as const;
export type KnowledgeDocumentStatus = (typeof KNOWLEDGE_DOCUMENT_STATUSES)[number];

/**
 * A document of a knowledge base, or (no base) a file attached to a model-app conversation. Its bytes are in
 * the product's storage under `storage_key`; `failure_reason` is the Chinese sentence the user reads.
 */
export const knowledgeDocuments = pgTable(
  "knowledge_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    baseId: uuid("base_id").references(() => knowledgeBases.id, { onDelete: "cascade" }),
    userId: uuid("user_id"),
    name: text("name").notNull(),
    format: text("format").notNull(),
    storageKey: text("storage_key"),
    sourceUrl: text("source_url"),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    pages: integer("pages").notNull().default(0),
    status: text("status").$type<KnowledgeDocumentStatus>().notNull().default("parsing"),
    failureReason: text("failure_reason"),
    chunkCount: integer("chunk_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("knowledge_documents_base_idx").on(table.baseId, table.createdAt), index("knowledge_documents_user_idx").on(table.userId)],
);

/**
 * The passages retrieval returns. `terms` are the chunk's segmented words (src/features/knowledge/server/segment.ts)
 * for BM25 in SQL (GIN index on the array); `embedding` the provider's vector (`real[]`: no extension needed).
 */
export const knowledgeChunks = pgTable(
  "knowledge_chunks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    content: text("content").notNull(),
    page: integer("page"),
    section: text("section"),
    terms: text("terms").array().notNull(),
    embedding: real("embedding").array(),
    embeddingModel: text("embedding_model"),
  },
  (table) => [index("knowledge_chunks_document_idx").on(table.documentId, table.ordinal), index("knowledge_chunks_terms_idx").using("gin", table.terms)],
);

/** Shared knowledge bases an operator attached to a model app: every conversation of the app searches them. */
export const knowledgeAppBases = pgTable(
  "knowledge_app_bases",
  {
    appid: text("appid").notNull(),
    baseId: uuid("base_id")
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.appid, table.baseId] })],
);

export type KnowledgeBase = typeof knowledgeBases.$inferSelect;
export type KnowledgeDocument = typeof knowledgeDocuments.$inferSelect;
export type KnowledgeChunk = typeof knowledgeChunks.$inferSelect;
