"use client";

import { filterByTitle } from "../pinned-conversations";
import type { SearchState } from "../use-conversation-search";
import type { Conversation } from "../types";
import { ConversationItem, type ConversationActions } from "./conversation-item";

interface ConversationSearchResultsProps extends ConversationActions {
  query: string;
  search: SearchState;
  /** The loaded list: its titles are filtered at once while the server searches the messages. */
  items: Conversation[];
  pinnedIds: string[];
  activeId: string | null;
}

/** What the sidebar shows while the search box has text. */
export function ConversationSearchResults({ query, search, items, pinnedIds, activeId, ...actions }: ConversationSearchResultsProps) {
  const pinned = new Set(pinnedIds);
  const rows: { conversation: Conversation; snippet?: string }[] =
    search.status === "done"
      ? search.hits.map((hit) => ({ conversation: items.find((item) => item.id === hit.id) ?? { id: hit.id, name: hit.name, updated_at: hit.updated_at }, snippet: hit.matchedIn === "name" ? undefined : hit.snippet }))
      : filterByTitle(items, query).map((conversation) => ({ conversation }));
  return (
    <div aria-label="搜索结果" role="region">
      <p role="status" aria-live="polite" className="px-2 pb-1 text-xs text-muted-foreground">
        {search.status === "searching" ? "正在搜索消息…" : search.status === "done" ? `找到 ${rows.length} 个对话` : ""}
      </p>
      {search.status === "error" && (
        <p role="alert" className="px-2 py-2 text-sm text-destructive">
          {search.message}
        </p>
      )}
      {rows.length === 0 && search.status === "done" ? (
        <p className="px-2 py-6 text-center text-sm text-muted-foreground">没有找到相关对话</p>
      ) : (
        <ul className="space-y-0.5">
          {rows.map(({ conversation, snippet }) => (
            <ConversationItem key={conversation.id} conversation={conversation} snippet={snippet} active={conversation.id === activeId} pinned={pinned.has(conversation.id)} {...actions} />
          ))}
        </ul>
      )}
    </div>
  );
}
