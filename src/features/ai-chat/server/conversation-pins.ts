import { and, desc, eq } from "drizzle-orm";
import { aiConversationPins } from "@/lib/db";
import type { Database } from "@/lib/db/types";

// The pins of the chat sidebar. Every statement names the user: one user's pin is never read,
// changed or removed through another's request.

export interface ConversationPin {
  conversationId: string;
  pinnedAt: Date;
}

export async function listPins(db: Database, userId: string, appid: string): Promise<ConversationPin[]> {
  return db
    .select({ conversationId: aiConversationPins.conversationId, pinnedAt: aiConversationPins.pinnedAt })
    .from(aiConversationPins)
    .where(and(eq(aiConversationPins.userId, userId), eq(aiConversationPins.appid, appid)))
    .orderBy(desc(aiConversationPins.pinnedAt));
}

/** Pins (again: a repeat keeps the first time, so the order does not jump). The caller checked ownership. */
export async function addPin(db: Database, userId: string, appid: string, conversationId: string): Promise<ConversationPin> {
  await db.insert(aiConversationPins).values({ userId, appid, conversationId }).onConflictDoNothing();
  const [row] = await db
    .select({ conversationId: aiConversationPins.conversationId, pinnedAt: aiConversationPins.pinnedAt })
    .from(aiConversationPins)
    .where(and(eq(aiConversationPins.userId, userId), eq(aiConversationPins.appid, appid), eq(aiConversationPins.conversationId, conversationId)));
  return row!;
}

/** Unpins; also called when the conversation is deleted. True when a pin was removed. */
export async function removePin(db: Database, userId: string, appid: string, conversationId: string): Promise<boolean> {
  const removed = await db
    .delete(aiConversationPins)
    .where(and(eq(aiConversationPins.userId, userId), eq(aiConversationPins.appid, appid), eq(aiConversationPins.conversationId, conversationId)))
    .returning({ id: aiConversationPins.id });
  return removed.length > 0;
}
