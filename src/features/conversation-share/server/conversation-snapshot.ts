import { citationsFrom, CONVERSATION_NOT_FOUND, newestThreadOf, type ConversationPage, type HistoryMessage, type MessagePage, type UserDifyReader } from "@/features/ai-chat/server";
import { ApiRouteError } from "@/lib/api";
import type { SharedMessage } from "../types";

/** A share holds at most this many messages… */
export const MAX_SHARED_MESSAGES = 200;
/** …and this much JSON: one row of a table anybody with an account can add to. */
export const MAX_SNAPSHOT_BYTES = 1_000_000;
/** Conversation pages (of 100) read to find the title; an older conversation is shared untitled. */
const TITLE_PAGES = 5;
export const UNTITLED = "未命名对话";

/**
 * The conversation's newest thread, oldest first, as the signed-in user reads them: `read` goes through
 * the AI proxy as that user, so another user's or an unknown conversation answers 404 here.
 * Only the question, the answer text and the time are kept — no user ids, files (their URLs need a
 * session) or inputs.
 */
export async function readConversationSnapshot(read: UserDifyReader, conversationId: string): Promise<SharedMessage[]> {
  const messages: HistoryMessage[] = [];
  let firstId: string | undefined;
  for (;;) {
    const page = await read<MessagePage>("messages", { conversation_id: conversationId, limit: 100, first_id: firstId }).catch((error: unknown) => {
      // Dify answers another user's (or a non-chat app's) conversation with 404 / 400.
      if (error instanceof ApiRouteError && (error.statusCode === 404 || error.statusCode === 400)) throw new ApiRouteError(404, CONVERSATION_NOT_FOUND);
      throw error;
    });
    // Each page runs oldest → newest; `first_id` asks for the page before it.
    messages.unshift(...page.data);
    if (messages.length > MAX_SHARED_MESSAGES) throw new ApiRouteError(413, `对话太长，无法分享（最多 ${MAX_SHARED_MESSAGES} 条消息）`);
    if (!page.has_more || page.data.length === 0) break;
    firstId = page.data[0]!.id;
  }
  if (messages.length === 0) throw new ApiRouteError(400, "对话还没有消息，无法分享");
  // Regenerated or edited questions are branches: the link holds the thread the chat page shows on opening.
  const snapshot = newestThreadOf(messages).map(toSharedMessage);
  if (Buffer.byteLength(JSON.stringify(snapshot)) > MAX_SNAPSHOT_BYTES) throw new ApiRouteError(413, "对话内容太多，无法分享（最多 1 MB）");
  return snapshot;
}

function toSharedMessage(message: HistoryMessage): SharedMessage {
  // The sources the answer cites ([1], [2] …) stay with it, so the shared answer can still be checked.
  const citations = citationsFrom(message.retriever_resources);
  return {
    query: typeof message.query === "string" ? message.query : "",
    answer: typeof message.answer === "string" ? message.answer : "",
    created_at: typeof message.created_at === "number" ? message.created_at : null,
    ...(citations ? { citations } : {}),
  };
}

/** The conversation's current title from the user's list (Dify has no single-conversation read). */
export async function readConversationTitle(read: UserDifyReader, conversationId: string): Promise<string> {
  let lastId: string | undefined;
  for (let index = 0; index < TITLE_PAGES; index++) {
    const page = await read<ConversationPage>("conversations", { limit: 100, last_id: lastId });
    const found = page.data.find((conversation) => conversation.id === conversationId);
    if (found) return found.name.trim() || UNTITLED;
    if (!page.has_more || page.data.length === 0) break;
    lastId = page.data.at(-1)!.id;
  }
  return UNTITLED;
}
