import { threadEndingAt, UUID_NIL } from "@/lib/message-thread";
import type { Database } from "@/lib/db/types";
import { questionFollowedUp } from "./follow-up";
import { findMessage, threadLinksOf, type Owner } from "./store";

/** Turns of history the demo "model" reads (the thread's newest ones). */
const HISTORY_TURNS = 20;

/** `previousQuery`: the thread's last question of its own (not a follow-up), which a follow-up such as 「再说一点」 refers to. */
export type ParentChoice = { parentMessageId: string | null; history: string; previousQuery?: string } | { status: 400 | 404; message: string };

/**
 * Where a new chat message goes (Dify's `parent_message_id`) and the history it is answered after:
 * omitted (or UUID_NIL): after the conversation's newest message; null: a new root (regenerating the
 * first question); an id: after that message, which must be this user's (else 404, as Dify) and of
 * this conversation (else 400, as Dify). The history is the thread from its root to the parent.
 */
export async function chooseParent(db: Database, owner: Owner, conversationId: string | null, requested: unknown): Promise<ParentChoice> {
  if (requested !== undefined && requested !== null && typeof requested !== "string") return { status: 400, message: "parent_message_id must be a string" };
  const explicit = typeof requested === "string" && requested !== "" && requested !== UUID_NIL ? requested : undefined;
  if (!conversationId) {
    if (explicit) return { status: 400, message: "conversation_id is required when parent_message_id is provided" };
    return { parentMessageId: null, history: "" };
  }
  const links = await threadLinksOf(db, conversationId);
  let parentMessageId: string | null;
  if (explicit) {
    const parent = await findMessage(db, owner, explicit);
    if (!parent) return { status: 404, message: "Message Not Exists." };
    if (parent.conversationId !== conversationId) return { status: 400, message: "parent_message_id does not belong to the conversation" };
    parentMessageId = parent.id;
  } else {
    parentMessageId = requested === null ? null : (links.at(-1)?.id ?? null);
  }
  const thread = parentMessageId ? threadEndingAt(links, parentMessageId) : [];
  const answered = thread.filter((turn) => turn.status !== "error" && turn.answer !== "").slice(-HISTORY_TURNS);
  const history = answered.map((turn) => `用户：${turn.query}\n助手：${turn.answer}`).join("\n");
  return { parentMessageId, history, previousQuery: questionFollowedUp(answered.map((turn) => turn.query)) };
}
