/**
 * Message threads as Dify keeps them (`parent_message_id`): regenerating or editing a question adds a
 * sibling under the same parent, so a conversation is a tree and the history a model sees is one path.
 * Shared by the demo Dify server and the model apps' server (both speak Dify's protocol).
 */

/** Dify's legacy marker: a message stored before threads existed follows the previous one in time. */
export const UUID_NIL = "00000000-0000-0000-0000-000000000000";

export interface ThreadLink {
  id: string;
  /** A message id; null: the root of a thread; UUID_NIL: follows the previous message in time. */
  parentMessageId: string | null;
}

/**
 * The thread from its root to `lastId` (inclusive), oldest first. `messages` is the whole
 * conversation oldest first; an unknown `lastId` gives an empty thread.
 */
export function threadEndingAt<T extends ThreadLink>(messages: readonly T[], lastId: string): T[] {
  const indexOf = new Map(messages.map((message, index) => [message.id, index]));
  const path: T[] = [];
  const seen = new Set<number>();
  let at = indexOf.get(lastId);
  // `seen` guards against a cycle in stored data: a thread never visits a message twice.
  while (at !== undefined && !seen.has(at)) {
    seen.add(at);
    const message = messages[at]!;
    path.push(message);
    const parent = message.parentMessageId;
    if (parent === null) break;
    at = parent === UUID_NIL ? (at > 0 ? at - 1 : undefined) : indexOf.get(parent);
  }
  return path.reverse();
}
