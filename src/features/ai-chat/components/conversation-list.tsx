"use client";

import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { ConversationsState } from "../conversations-reducer";
import { splitPinned, type PinnedRef } from "../pinned-conversations";
import { useConversationSearch } from "../use-conversation-search";
import { ConversationItem, type ConversationActions } from "./conversation-item";
import { ConversationSearchBox } from "./conversation-search-box";
import { ConversationSearchResults } from "./conversation-search-results";

interface ConversationListProps extends ConversationActions {
  appid: string;
  state: ConversationsState;
  pins: PinnedRef[];
  activeId: string | null;
  onNew: () => void;
  onLoadMore: () => void;
  onRetry: () => void;
}

/** The sidebar (desktop) / drawer (mobile) content: new chat, search, pinned first, the rest, 加载更多. */
export function ConversationList({ appid, state, pins, activeId, onNew, onLoadMore, onRetry, ...actions }: ConversationListProps) {
  const [query, setQuery] = useState("");
  const search = useConversationSearch(appid, query);
  const searching = query.trim() !== "";
  const { pinned, others } = splitPinned(state.items, pins);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 p-3">
      <Button type="button" onClick={onNew} className="w-full justify-start">
        <Plus aria-hidden />
        新对话
      </Button>
      <ConversationSearchBox value={query} onChange={setQuery} />
      <nav aria-label="对话列表" className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
        {searching ? (
          <ConversationSearchResults query={query} search={search} items={state.items} pinnedIds={pins.map((pin) => pin.conversationId)} activeId={activeId} {...actions} />
        ) : state.status === "loading" && state.items.length === 0 ? (
          <div className="space-y-2 pt-2" aria-label="正在加载对话" role="status">
            {[0, 1, 2].map((index) => (
              <div key={index} className="h-9 animate-pulse rounded-md bg-muted" />
            ))}
          </div>
        ) : state.items.length === 0 && state.status !== "error" ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">还没有对话，开始聊点什么吧</p>
        ) : (
          <>
            {pinned.length > 0 && (
              <section aria-labelledby="pinned-conversations-heading" className="mb-2">
                <h2 id="pinned-conversations-heading" className="px-2 pb-1 text-xs font-medium text-muted-foreground">
                  已置顶
                </h2>
                <ul className="space-y-0.5" aria-label="已置顶">
                  {pinned.map((conversation) => (
                    <ConversationItem key={conversation.id} conversation={conversation} active={conversation.id === activeId} pinned {...actions} />
                  ))}
                </ul>
              </section>
            )}
            {pinned.length > 0 && others.length > 0 && <h2 className="px-2 pb-1 text-xs font-medium text-muted-foreground">全部对话</h2>}
            <ul className="space-y-0.5">
              {others.map((conversation) => (
                <ConversationItem key={conversation.id} conversation={conversation} active={conversation.id === activeId} pinned={false} {...actions} />
              ))}
            </ul>
          </>
        )}
        {!searching && state.status === "error" && (
          <div role="alert" className="space-y-2 px-2 py-3 text-sm text-destructive">
            <p>{state.error}</p>
            <Button type="button" size="sm" variant="outline" onClick={onRetry}>
              重试
            </Button>
          </div>
        )}
        {!searching && state.hasMore && state.status !== "error" && (
          <Button type="button" variant="ghost" size="sm" className="mt-1 w-full" disabled={state.status === "loading-more"} onClick={onLoadMore}>
            {state.status === "loading-more" ? "加载中…" : "加载更多"}
          </Button>
        )}
      </nav>
    </div>
  );
}
