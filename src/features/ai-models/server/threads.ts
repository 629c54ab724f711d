import type { Database } from "@/lib/db/types";
import { UUID_NIL } from "@/lib/message-thread";
import { findMessage, threadLinksOf, type Owner } from "./store";

export type ParentChoice = { parentMessageId: string | null } | { status: 400 | 404; message: string };

/**
 * Where a new question goes (Dify's `parent_message_id`, as the demo Dify server reads it):
 * omitted (or UUID_NIL): after the conversation's newest message; null: a new root (regenerating or
 * editing the first question); an id: after that message, which must be this user's (else 404) and
 * of this conversation (else 400).
 */
export async function chooseParent(db: Database, owner: Owner, conversationId: string | null, requested: string | null | undefined): Promise<ParentChoice> {
  const explicit = requested && requested !== UUID_NIL ? requested : undefined;
  if (!conversationId) {
    return explicit ? { status: 400, message: "conversation_id is required when parent_message_id is provided" } : { parentMessageId: null };
  }
  if (explicit) {
    const parent = await findMessage(db, owner, explicit);
    if (!parent) return { status: 404, message: "Message Not Exists." };
    if (parent.conversationId !== conversationId) return { status: 400, message: "parent_message_id does not belong to the conversation" };
    return { parentMessageId: parent.id };
  }
  if (requested === null) return { parentMessageId: null };
  return { parentMessageId: (await threadLinksOf(db, conversationId)).at(-1)?.id ?? null };
}
