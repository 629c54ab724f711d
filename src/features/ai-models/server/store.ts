import { and, asc, desc, eq, inArray, lt, or } from "drizzle-orm";
import { modelConversations as conversations, modelMessages as messages, type ModelConversation, type ModelMessage } from "@/lib/db/schema/ai-models";
import type { Database } from "@/lib/db/types";
import { threadEndingAt, type ThreadLink } from "@/lib/message-thread";

/** Whose data a call may touch: every query below is scoped by both (another user's ids are "not found"). */
export interface Owner {
  appid: string;
  userId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export async function findConversation(db: Database, owner: Owner, id: string): Promise<ModelConversation | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.appid, owner.appid), eq(conversations.userId, owner.userId)));
  return row;
}

export async function createConversation(db: Database, owner: Owner, values: { name: string; model: string }): Promise<ModelConversation> {
  const [row] = await db.insert(conversations).values({ appid: owner.appid, userId: owner.userId, ...values }).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateConversation(db: Database, id: string, values: { name?: string; model?: string; touch?: boolean }): Promise<ModelConversation | undefined> {
  const [row] = await db
    .update(conversations)
    .set({ ...(values.name ? { name: values.name } : {}), ...(values.model ? { model: values.model } : {}), ...(values.touch ? { updatedAt: new Date() } : {}) })
    .where(eq(conversations.id, id))
    .returning();
  return row;
}

export async function deleteConversation(db: Database, id: string): Promise<void> {
  await db.delete(conversations).where(eq(conversations.id, id));
}

/** Newest first, `last_id` cursor on (updated_at, seq): a strict order even within one millisecond. */
export async function listConversations(db: Database, owner: Owner, options: { lastId?: string; limit: number }) {
  const scope = and(eq(conversations.appid, owner.appid), eq(conversations.userId, owner.userId));
  let after = undefined;
  if (options.lastId) {
    const cursor = await findConversation(db, owner, options.lastId);
    if (!cursor) return "bad_cursor" as const;
    after = or(lt(conversations.updatedAt, cursor.updatedAt), and(eq(conversations.updatedAt, cursor.updatedAt), lt(conversations.seq, cursor.seq)));
  }
  const rows = await db
    .select()
    .from(conversations)
    .where(after ? and(scope, after) : scope)
    .orderBy(desc(conversations.updatedAt), desc(conversations.seq))
    .limit(options.limit + 1);
  return { rows: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
}

/** Backwards page (`first_id`): the newest `limit` messages older than the cursor, oldest first. */
export async function listMessages(db: Database, conversationId: string, options: { firstId?: string; limit: number }) {
  let before = undefined;
  if (options.firstId) {
    const [cursor] = isUuid(options.firstId)
      ? await db.select({ seq: messages.seq }).from(messages).where(and(eq(messages.id, options.firstId), eq(messages.conversationId, conversationId)))
      : [];
    if (!cursor) return "bad_cursor" as const;
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

/** Every message of a conversation oldest first, as links of its threads. */
export async function threadLinksOf(db: Database, conversationId: string): Promise<ThreadLink[]> {
  return db.select({ id: messages.id, parentMessageId: messages.parentMessageId }).from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq));
}

/** The turns of the thread ending at `lastId` (oldest first, the newest `maxTurns`), failed answers left out. */
export async function threadHistoryOf(db: Database, conversationId: string, lastId: string, maxTurns: number): Promise<ModelMessage[]> {
  const ids = threadEndingAt(await threadLinksOf(db, conversationId), lastId)
    .slice(-maxTurns)
    .map((link) => link.id);
  if (ids.length === 0) return [];
  const rows = await db.select().from(messages).where(and(eq(messages.conversationId, conversationId), inArray(messages.id, ids))).orderBy(asc(messages.seq));
  return rows.filter((row) => row.answer !== "");
}

export async function firstQueryOf(db: Database, conversationId: string): Promise<string | undefined> {
  const [row] = await db.select({ query: messages.query }).from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq)).limit(1);
  return row?.query;
}

export async function findMessage(db: Database, owner: Owner, id: string): Promise<ModelMessage | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.id, id), eq(conversations.appid, owner.appid), eq(conversations.userId, owner.userId)));
  return row?.message;
}

export async function insertMessage(
  db: Database,
  values: { id: string; conversationId: string; parentMessageId: string | null; userId: string; model: string; query: string; files: ModelMessage["files"]; sources: ModelMessage["sources"] },
): Promise<void> {
  await db.insert(messages).values(values);
}

export async function finishMessage(
  db: Database,
  id: string,
  values: Pick<ModelMessage, "answer" | "reasoning" | "status" | "error" | "promptTokens" | "completionTokens" | "usageEstimated">,
): Promise<void> {
  await db.update(messages).set(values).where(eq(messages.id, id));
}

export async function setFeedback(db: Database, id: string, rating: "like" | "dislike" | null): Promise<void> {
  await db.update(messages).set({ feedback: rating }).where(eq(messages.id, id));
}
