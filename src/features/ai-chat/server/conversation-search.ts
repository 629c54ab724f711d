import type { Conversation, ConversationPage, MessagePage } from "../types";
import type { ConversationSearchHit } from "../search-types";
import type { UserDifyReader } from "./user-dify-reader";

/** Only the most recent conversations are searched: each costs at least one upstream call. */
export const SEARCHED_CONVERSATIONS = 100;
/** Message pages read per conversation (100 each): bounds one search on a very long conversation. */
const MAX_MESSAGE_PAGES = 5;
/** Conversations read at once: a search should not crowd out the user's own chat calls. */
const PARALLEL = 4;
const SNIPPET_CONTEXT = 24;

/**
 * The user's conversations of one app whose title or message text contains `query`
 * (case-insensitive), most recently active first, each with a snippet around its first match.
 * `read` is already scoped to the user, so nothing of another user can be listed or matched.
 */
export async function searchConversations(read: UserDifyReader, query: string): Promise<ConversationSearchHit[]> {
  const pattern = new RegExp(escapeRegExp(query), "iu");
  const page = await read<ConversationPage>("conversations", { limit: SEARCHED_CONVERSATIONS, sort_by: "-updated_at" });
  const conversations = page.data.slice(0, SEARCHED_CONVERSATIONS);
  const hits: (ConversationSearchHit | null)[] = new Array(conversations.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < conversations.length) {
      const index = next++;
      hits[index] = await matchConversation(read, conversations[index]!, pattern);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, conversations.length) }, worker));
  return hits.filter((hit) => hit !== null);
}

async function matchConversation(read: UserDifyReader, conversation: Conversation, pattern: RegExp): Promise<ConversationSearchHit | null> {
  const base = { id: conversation.id, name: conversation.name, updated_at: conversation.updated_at };
  const inName = snippetAround(conversation.name ?? "", pattern);
  if (inName !== null) return { ...base, matchedIn: "name", snippet: inName };
  let firstId: string | undefined;
  for (let pageIndex = 0; pageIndex < MAX_MESSAGE_PAGES; pageIndex++) {
    const page = await read<MessagePage>("messages", { conversation_id: conversation.id, limit: 100, first_id: firstId });
    // A page runs oldest → newest; the newest match is the most relevant one to show.
    for (const message of [...page.data].reverse()) {
      const inAnswer = snippetAround(message.answer ?? "", pattern);
      if (inAnswer !== null) return { ...base, matchedIn: "answer", snippet: inAnswer };
      const inQuery = snippetAround(message.query ?? "", pattern);
      if (inQuery !== null) return { ...base, matchedIn: "query", snippet: inQuery };
    }
    if (!page.has_more || page.data.length === 0) break;
    firstId = page.data[0]!.id;
  }
  return null;
}

/** The text around the first match on one line, `…` where it was cut; null when there is none. */
export function snippetAround(text: string, pattern: RegExp): string | null {
  const match = pattern.exec(text);
  if (!match) return null;
  const start = Math.max(0, match.index - SNIPPET_CONTEXT);
  const end = Math.min(text.length, match.index + match[0].length + SNIPPET_CONTEXT);
  const piece = text.slice(start, end).replace(/\s+/g, " ").trim();
  return `${start > 0 ? "…" : ""}${piece}${end < text.length ? "…" : ""}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
