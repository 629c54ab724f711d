/** One conversation the search found (GET /api/ai/conversations/search). */
export interface ConversationSearchHit {
  id: string;
  name: string;
  updated_at?: number;
  /** Where the query matched: the title, a question or an answer. */
  matchedIn: "name" | "query" | "answer";
  /** A short piece of text around the first match (plain text, never HTML). */
  snippet: string;
}

export interface ConversationSearchResult {
  data: ConversationSearchHit[];
}

/** GET /api/ai/conversations/pins: the pinned conversation ids, most recently pinned first. */
export interface ConversationPinList {
  data: { conversationId: string; pinnedAt: string; name?: string; updated_at?: number }[];
}
