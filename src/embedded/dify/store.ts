import { and, asc, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { difyDemoConversations as conversations, difyDemoFiles as files, difyDemoMessages as messages } from "@/lib/db/schema/dify-demo";
import type { DifyDemoConversation, DifyDemoMessage } from "@/lib/db/schema/dify-demo";
import type { Database } from "@/lib/db/types";

/** Data access of the demo Dify server: everything is scoped by (app, end user), like Dify's. */
export interface Owner {
  appId: string;
  user: string;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function conversationJson(row: DifyDemoConversation) {
  return {
    id: row.id,
    name: row.name,
    inputs: row.inputs,
    status: "normal",
    introduction: row.introduction,
    created_at: seconds(row.createdAt),
    updated_at: seconds(row.updatedAt),
  };
}

export function messageJson(row: DifyDemoMessage) {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    parent_message_id: row.parentMessageId,
    inputs: row.inputs,
    query: row.query,
    answer: row.answer,
    status: row.status,
    error: row.error,
    message_files: row.files,
    feedback: row.feedback ? { rating: row.feedback, ...(row.feedbackContent ? { content: row.feedbackContent } : {}) } : null,
    retriever_resources: row.retrieverResources,
    agent_thoughts: row.agentThoughts,
    created_at: seconds(row.createdAt),
    message_tokens: row.messageTokens,
    answer_tokens: row.answerTokens,
    total_tokens: row.messageTokens + row.answerTokens,
  };
}

export async function findConversation(db: Database, owner: Owner, id: string): Promise<DifyDemoConversation | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.id, id), eq(conversations.appId, owner.appId), eq(conversations.endUser, owner.user), isNull(conversations.deletedAt)),
    );
  return row;
}

export async function createConversation(
  db: Database,
  owner: Owner,
  values: { name: string; inputs: Record<string, unknown>; introduction: string },
): Promise<DifyDemoConversation> {
  const [row] = await db
    .insert(conversations)
    .values({ appId: owner.appId, endUser: owner.user, ...values })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function touchConversation(db: Database, id: string, name?: string): Promise<void> {
  await db
    .update(conversations)
    .set({ updatedAt: new Date(), ...(name ? { name } : {}) })
    .where(eq(conversations.id, id));
}

export async function renameConversation(db: Database, id: string, name: string): Promise<DifyDemoConversation | undefined> {
  const [row] = await db.update(conversations).set({ name }).where(eq(conversations.id, id)).returning();
  return row;
}

export async function deleteConversation(db: Database, id: string): Promise<void> {
  await db.update(conversations).set({ deletedAt: new Date() }).where(eq(conversations.id, id));
}

export type SortBy = "created_at" | "-created_at" | "updated_at" | "-updated_at";

/** Cursor page (`last_id`): rows after the cursor in the requested order, plus `has_more`. */
export async function listConversations(
  db: Database,
  owner: Owner,
  options: { lastId?: string; limit: number; sortBy: SortBy },
): Promise<{ rows: DifyDemoConversation[]; hasMore: boolean } | "bad_cursor"> {
  const column = options.sortBy.endsWith("created_at") ? conversations.createdAt : conversations.updatedAt;
  const descending = options.sortBy.startsWith("-");
  const scope = and(eq(conversations.appId, owner.appId), eq(conversations.endUser, owner.user), isNull(conversations.deletedAt));
  let after = undefined;
  if (options.lastId) {
    const cursor = await findConversation(db, owner, options.lastId);
    if (!cursor) return "bad_cursor";
    const value = options.sortBy.endsWith("created_at") ? cursor.createdAt : cursor.updatedAt;
    // (time, seq) tuples give a strict total order even within one millisecond.
    after = descending
      ? or(lt(column, value), and(eq(column, value), lt(conversations.seq, cursor.seq)))
      : or(sql`${column} > ${value}`, and(eq(column, value), sql`${conversations.seq} > ${cursor.seq}`));
  }
  const rows = await db
    .select()
    .from(conversations)
    .where(after ? and(scope, after) : scope)
    .orderBy(...(descending ? [desc(column), desc(conversations.seq)] : [asc(column), asc(conversations.seq)]))
    .limit(options.limit + 1);
  return { rows: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
}

/** Backwards cursor page (`first_id`): the newest `limit` older than the cursor, oldest first. */
export async function listMessages(
  db: Database,
  conversationId: string,
  options: { firstId?: string; limit: number },
): Promise<{ rows: DifyDemoMessage[]; hasMore: boolean } | "bad_cursor"> {
  let before = undefined;
  if (options.firstId) {
    const [cursor] = isUuid(options.firstId)
      ? await db
          .select({ seq: messages.seq })
          .from(messages)
          .where(and(eq(messages.id, options.firstId), eq(messages.conversationId, conversationId)))
      : [];
    if (!cursor) return "bad_cursor";
    before = lt(messages.seq, cursor.seq);
  }
  const scope = eq(messages.conversationId, conversationId);
  const rows = await db
    .select()
    .from(messages)
    .where(before ? and(scope, before) : scope)
    .orderBy(desc(messages.seq))
    .limit(options.limit + 1);
  return { rows: rows.slice(0, options.limit).reverse(), hasMore: rows.length > options.limit };
}

export async function findMessage(db: Database, owner: Owner, id: string): Promise<DifyDemoMessage | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.appId, owner.appId), eq(messages.endUser, owner.user)));
  if (!row) return undefined;
  // A message of a deleted conversation is gone too.
  if (row.conversationId && !(await findConversation(db, owner, row.conversationId))) return undefined;
  return row;
}

export async function firstQueryOf(db: Database, conversationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ query: messages.query })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.seq))
    .limit(1);
  return row?.query;
}

/** Every message of a conversation oldest first, the fields its threads need (demo conversations are small). */
export async function threadLinksOf(db: Database, conversationId: string) {
  return db
    .select({ id: messages.id, parentMessageId: messages.parentMessageId, query: messages.query, answer: messages.answer, status: messages.status })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.seq));
}

export async function insertMessage(
  db: Database,
  owner: Owner,
  values: { id: string; conversationId: string | null; parentMessageId: string | null; query: string; inputs: Record<string, unknown>; files: unknown[] },
): Promise<void> {
  await db.insert(messages).values({ appId: owner.appId, endUser: owner.user, ...values });
}

export async function finishMessage(
  db: Database,
  id: string,
  values: {
    answer: string;
    status: "normal" | "error";
    error?: string;
    messageTokens: number;
    answerTokens: number;
    agentThoughts?: Record<string, unknown>[];
    retrieverResources?: Record<string, unknown>[];
  },
): Promise<void> {
  await db
    .update(messages)
    .set({
      answer: values.answer,
      status: values.status,
      error: values.error ?? null,
      messageTokens: values.messageTokens,
      answerTokens: values.answerTokens,
      agentThoughts: values.agentThoughts ?? [],
      retrieverResources: values.retrieverResources ?? [],
    })
    .where(eq(messages.id, id));
}

export async function setFeedback(db: Database, id: string, rating: "like" | "dislike" | null, content: string | null): Promise<void> {
  await db.update(messages).set({ feedback: rating, feedbackContent: rating ? content : null }).where(eq(messages.id, id));
}

export async function insertFile(
  db: Database,
  owner: Owner,
  values: { name: string; size: number; extension: string; mimeType: string },
) {
  const [row] = await db.insert(files).values({ appId: owner.appId, endUser: owner.user, ...values }).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function findFile(db: Database, owner: Owner, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.appId, owner.appId), eq(files.endUser, owner.user)));
  return row;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
