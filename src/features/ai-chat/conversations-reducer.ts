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
  | { type: "loaded"; page: Conversation[]; hasMore: boolean; append: boolean }
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
      if (!action.append) return { items: dedupe(action.page), hasMore: action.hasMore, status: "idle" };
      // A later page may repeat a conversation that moved while paging: keep the first occurrence.
      return { items: dedupe([...state.items, ...action.page]), hasMore: action.hasMore, status: "idle" };
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
