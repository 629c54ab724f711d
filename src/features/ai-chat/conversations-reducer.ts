import type { Conversation } from "./types";

/** The sidebar's conversation list: cursor pages (`last_id`), most recently active first. */
export interface ConversationsState {
  items: Conversation[];
  hasMore: boolean;
  status: "idle" | "loading" | "loading-more" | "error";
  error?: string;
}

export type ConversationsAction =
  | { type: "load-start"; more: boolean }
  /** `replace`: the first page; `append`: the next page; `refresh`: the first page read again. */
  | { type: "loaded"; page: Conversation[]; hasMore: boolean; mode: "replace" | "append" | "refresh" }
  | { type: "load-failed"; message: string }
  | { type: "upserted"; conversation: Conversation }
  | { type: "renamed"; id: string; name: string }
  | { type: "removed"; id: string };

export const initialConversations: ConversationsState = { items: [], hasMore: false, status: "loading" };

export function conversationsReducer(state: ConversationsState, action: ConversationsAction): ConversationsState {
  switch (action.type) {
    case "load-start":
      return { ...state, status: action.more ? "loading-more" : "loading", error: undefined };
    case "loaded": {
      // A first page without more after it is the whole list, whatever was loaded before.
      if (action.mode === "replace" || (action.mode === "refresh" && !action.hasMore)) return { items: dedupe(action.page), hasMore: action.hasMore, status: "idle" };
      // A later page may repeat a conversation that moved while paging: keep the first occurrence.
      if (action.mode === "append") return { items: dedupe([...state.items, ...action.page]), hasMore: action.hasMore, status: "idle" };
      // A refresh must not drop the older pages the user already scrolled to: they stay below the
      // fresh first page, and so does the cursor state of those pages.
      const items = dedupe([...action.page, ...state.items]);
      return { items, hasMore: items.length > action.page.length ? state.hasMore : true, status: "idle" };
    }
    case "load-failed":
      return { ...state, status: "error", error: action.message };
    case "upserted": {
      // New activity moves the conversation to the top (the list is sorted by -updated_at).
      const rest = state.items.filter((item) => item.id !== action.conversation.id);
      const previous = state.items.find((item) => item.id === action.conversation.id);
      return { ...state, items: [{ ...previous, ...action.conversation }, ...rest] };
    }
    case "renamed":
      return { ...state, items: state.items.map((item) => (item.id === action.id ? { ...item, name: action.name } : item)) };
    case "removed":
      return { ...state, items: state.items.filter((item) => item.id !== action.id) };
  }
}

function dedupe(items: Conversation[]): Conversation[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}
