import type { Conversation } from "./types";

/** A pin as the sidebar holds it: the title comes with it, for conversations not loaded yet. */
export interface PinnedRef {
  conversationId: string;
  name?: string;
  updated_at?: number;
}

/**
 * The list as the sidebar shows it: pinned conversations first (most recently pinned first), then
 * the rest in the list's own order. A pinned conversation not among the loaded pages is shown from
 * the pin's own title; one without a title (older than the pages the server read) is left out.
 */
export function splitPinned(items: Conversation[], pins: PinnedRef[]): { pinned: Conversation[]; others: Conversation[] } {
  const byId = new Map(items.map((item) => [item.id, item]));
  const pinned = pins
    .map((pin) => byId.get(pin.conversationId) ?? (pin.name === undefined ? undefined : { id: pin.conversationId, name: pin.name, updated_at: pin.updated_at }))
    .filter((item) => item !== undefined);
  const pinnedSet = new Set(pins.map((pin) => pin.conversationId));
  return { pinned, others: items.filter((item) => !pinnedSet.has(item.id)) };
}

/** Conversations whose title contains the query (case-insensitive): shown at once while the server searches the messages. */
export function filterByTitle(items: Conversation[], query: string): Conversation[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return items;
  return items.filter((item) => (item.name || "").toLocaleLowerCase().includes(needle));
}
