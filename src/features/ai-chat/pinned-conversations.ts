import type { Conversation } from "./types";

/**
 * The list as the sidebar shows it: pinned conversations first (most recently pinned first), then
 * the rest in the list's own order. A pinned id not among the loaded pages is left out until its
 * page is loaded (the list holds the names).
 */
export function splitPinned(items: Conversation[], pinnedIds: string[]): { pinned: Conversation[]; others: Conversation[] } {
  const byId = new Map(items.map((item) => [item.id, item]));
  const pinned = pinnedIds.map((id) => byId.get(id)).filter((item) => item !== undefined);
  const pinnedSet = new Set(pinnedIds);
  return { pinned, others: items.filter((item) => !pinnedSet.has(item.id)) };
}

/** Conversations whose title contains the query (case-insensitive): shown at once while the server searches the messages. */
export function filterByTitle(items: Conversation[], query: string): Conversation[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return items;
  return items.filter((item) => (item.name || "").toLocaleLowerCase().includes(needle));
}
