import type { ConversationPage } from "../types";
import type { ConversationPin } from "./conversation-pins";
import type { UserDifyReader } from "./user-dify-reader";

/** Conversation pages (of 100) read to name the pins; older pins stay nameless (the sidebar skips them). */
const MAX_PAGES = 5;

export interface NamedPin {
  conversationId: string;
  pinnedAt: Date;
  /** The conversation's title; absent when it was not among the pages read. */
  name?: string;
  updated_at?: number;
}

/**
 * The pins with their conversations' current titles, so the sidebar can list a pinned conversation
 * before the page that holds it is loaded. Titles are read from Dify, not stored: a rename anywhere
 * shows. `gone` lists pins whose conversation is not in the user's whole list (deleted elsewhere,
 * e.g. in Dify's console), for the caller to remove.
 */
export async function namePins(read: UserDifyReader, pins: ConversationPin[]): Promise<{ pins: NamedPin[]; gone: string[] }> {
  if (pins.length === 0) return { pins: [], gone: [] };
  const wanted = new Set(pins.map((pin) => pin.conversationId));
  const found = new Map<string, { name: string; updated_at?: number }>();
  let lastId: string | undefined;
  let sawAll = false;
  for (let index = 0; index < MAX_PAGES && found.size < wanted.size; index++) {
    const page = await read<ConversationPage>("conversations", { limit: 100, last_id: lastId });
    for (const conversation of page.data) if (wanted.has(conversation.id)) found.set(conversation.id, { name: conversation.name, updated_at: conversation.updated_at });
    if (!page.has_more || page.data.length === 0) {
      sawAll = true;
      break;
    }
    lastId = page.data.at(-1)!.id;
  }
  return {
    pins: pins.filter((pin) => !sawAll || found.has(pin.conversationId)).map((pin) => ({ ...pin, ...found.get(pin.conversationId) })),
    gone: sawAll ? pins.filter((pin) => !found.has(pin.conversationId)).map((pin) => pin.conversationId) : [],
  };
}
