import type { Exchange, HistoryMessage } from "./types";

/**
 * A conversation as a tree (Dify's `parent_message_id`): regenerating or editing a question adds a
 * sibling under the same parent, and the page shows one thread — by default the one ending at the
 * newest message — with `‹ 1 / 2 ›` to switch between siblings. Pure: the session keeps every
 * exchange it knows in time order (history pages and new ones) and derives what is shown from them.
 */

/** Dify's legacy marker: the message follows the previous one in time. */
const UUID_NIL = "00000000-0000-0000-0000-000000000000";

/** What the tree reads of an exchange. */
export type TreeNode = Pick<Exchange, "key" | "messageId" | "parentMessageId" | "parentKey">;

export interface MessageTree<T extends TreeNode = Exchange> {
  /** Exchange key → the key it follows (null: a root). */
  parentOf: Map<string, string | null>;
  /**
   * Parent key (null for the roots) → child keys, oldest first. Children of a parent not loaded yet
   * are grouped under `missing:<its id>`: siblings of each other, not of every other root.
   */
  childrenOf: Map<string | null, string[]>;
  /** Exchange key → the key of its group in `childrenOf`. */
  groupOf: Map<string, string | null>;
  byKey: Map<string, T>;
}

export interface ThreadItem<T extends TreeNode = Exchange> {
  exchange: T;
  /** Position among the exchanges that share its parent (itself included), oldest first. */
  siblingIndex: number;
  siblingKeys: string[];
}

/**
 * Links every exchange to its parent. A new exchange names its parent by key (`parentKey`); a
 * stored one by message id (`parentMessageId`): null is a root; missing or UUID_NIL (messages older
 * than threads, or a server without them) follows the previous exchange in time; an id not loaded
 * yet (an older page) makes it a root of what is loaded, as in Dify's web app. Only an earlier
 * exchange can be a parent, so bad data cannot make a cycle.
 */
export function buildMessageTree<T extends TreeNode>(exchanges: readonly T[]): MessageTree<T> {
  const position = new Map(exchanges.map((exchange, index) => [exchange.key, index]));
  const keyOfMessage = new Map<string, string>();
  for (const exchange of exchanges) if (exchange.messageId) keyOfMessage.set(exchange.messageId, exchange.key);
  const parentOf = new Map<string, string | null>();
  const childrenOf = new Map<string | null, string[]>();
  const groupOf = new Map<string, string | null>();
  exchanges.forEach((exchange, index) => {
    let parent: string | null;
    let group: string | null | undefined;
    if (exchange.parentKey !== undefined) parent = exchange.parentKey;
    else if (exchange.parentMessageId === null) parent = null;
    else if (exchange.parentMessageId === undefined || exchange.parentMessageId === UUID_NIL) parent = index > 0 ? exchanges[index - 1]!.key : null;
    else {
      parent = keyOfMessage.get(exchange.parentMessageId) ?? null;
      if (parent === null) group = `missing:${exchange.parentMessageId}`;
    }
    if (parent !== null && !((position.get(parent) ?? Infinity) < index)) parent = null;
    group ??= parent;
    parentOf.set(exchange.key, parent);
    groupOf.set(exchange.key, group);
    const siblings = childrenOf.get(group) ?? [];
    siblings.push(exchange.key);
    childrenOf.set(group, siblings);
  });
  return { parentOf, childrenOf, groupOf, byKey: new Map(exchanges.map((exchange) => [exchange.key, exchange])) };
}

/**
 * The thread shown: from the root through `selectedKey` (the newest exchange when unset or
 * unknown), then on down through each newest child, so a switched-to branch shows its descendants.
 */
export function visibleThread<T extends TreeNode>(tree: MessageTree<T>, selectedKey: string | null): ThreadItem<T>[] {
  const newest = [...tree.byKey.keys()].at(-1);
  let target = selectedKey !== null && tree.byKey.has(selectedKey) ? selectedKey : newest;
  if (target === undefined) return [];
  const path: string[] = [];
  for (let key: string | null = target; key !== null; key = tree.parentOf.get(key) ?? null) path.unshift(key);
  for (let children = tree.childrenOf.get(target); children?.length; children = tree.childrenOf.get(target)) {
    target = children.at(-1)!;
    path.push(target);
  }
  return path.map((key) => {
    const siblingKeys = tree.childrenOf.get(tree.groupOf.get(key) ?? null) ?? [key];
    return { exchange: tree.byKey.get(key)!, siblingIndex: siblingKeys.indexOf(key), siblingKeys };
  });
}

/** The stored message a new one follows when it goes under `parentKey`: the nearest ancestor with an id. */
export function parentMessageIdOf<T extends TreeNode>(tree: MessageTree<T>, parentKey: string | null): string | null {
  for (let key = parentKey; key !== null; key = tree.parentOf.get(key) ?? null) {
    const messageId = tree.byKey.get(key)?.messageId;
    if (messageId) return messageId;
  }
  return null;
}

/** The thread ending at the newest message, of a conversation's stored messages (oldest first): what an export holds. */
export function newestThreadOf(messages: readonly HistoryMessage[]): HistoryMessage[] {
  const nodes = messages.map((message) => ({ key: message.id, messageId: message.id, parentMessageId: message.parent_message_id, message }));
  return visibleThread(buildMessageTree(nodes), null).map((item) => item.exchange.message);
}
