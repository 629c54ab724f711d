"use client";

import { MessageSquare, MoreHorizontal, Pencil, Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";
import type { ConversationsState } from "../conversations-reducer";
import type { Conversation } from "../types";

interface ConversationListProps {
  state: ConversationsState;
  activeId: string | null;
  onNew: () => void;
  onOpen: (id: string) => void;
  onRename: (conversation: Conversation) => void;
  onDelete: (conversation: Conversation) => void;
  onLoadMore: () => void;
  onRetry: () => void;
}

/** The sidebar (desktop) / drawer (mobile) content: new chat, the conversations, 加载更多. */
export function ConversationList({ state, activeId, onNew, onOpen, onRename, onDelete, onLoadMore, onRetry }: ConversationListProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 p-3">
      <Button type="button" onClick={onNew} className="w-full justify-start">
        <Plus aria-hidden />
        新对话
      </Button>
      <nav aria-label="对话列表" className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
        {state.status === "loading" && state.items.length === 0 ? (
          <div className="space-y-2 pt-2" aria-label="正在加载对话" role="status">
            {[0, 1, 2].map((index) => (
              <div key={index} className="h-9 animate-pulse rounded-md bg-muted" />
            ))}
          </div>
        ) : state.items.length === 0 && state.status !== "error" ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">还没有对话，开始聊点什么吧</p>
        ) : (
          <ul className="space-y-0.5">
            {state.items.map((conversation) => {
              const active = conversation.id === activeId;
              return (
                <li key={conversation.id} className={cn("group flex items-center rounded-md pr-1 transition-colors hover:bg-accent", active && "bg-accent text-accent-foreground")}>
                  <button
                    type="button"
                    onClick={() => onOpen(conversation.id)}
                    aria-current={active ? "page" : undefined}
                    className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-2 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <MessageSquare aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                    <span className="truncate">{conversation.name || "未命名对话"}</span>
                  </button>
                  {/* Non-modal: the menu opens dialogs, and two modal layers at once leave the page unclickable (Radix). */}
                  <DropdownMenu modal={false}>
                    <DropdownMenuTrigger asChild>
                      <Button type="button" variant="ghost" size="icon" className="size-7 shrink-0 opacity-100 md:opacity-0 md:group-hover:opacity-100 md:focus-visible:opacity-100 md:data-[state=open]:opacity-100" aria-label={`「${conversation.name || "未命名对话"}」的更多操作`}>
                        <MoreHorizontal aria-hidden />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      <DropdownMenuItem onSelect={() => onRename(conversation)}>
                        <Pencil aria-hidden />
                        重命名
                      </DropdownMenuItem>
                      <DropdownMenuItem variant="destructive" onSelect={() => onDelete(conversation)}>
                        <Trash2 aria-hidden />
                        删除
                      </DropdownMenuItem>
                    </DropdownMenuContent>
                  </DropdownMenu>
                </li>
              );
            })}
          </ul>
        )}
        {state.status === "error" && (
          <div role="alert" className="space-y-2 px-2 py-3 text-sm text-destructive">
            <p>{state.error}</p>
            <Button type="button" size="sm" variant="outline" onClick={onRetry}>
              重试
            </Button>
          </div>
        )}
        {state.hasMore && state.status !== "error" && (
          <Button type="button" variant="ghost" size="sm" className="mt-1 w-full" disabled={state.status === "loading-more"} onClick={onLoadMore}>
            {state.status === "loading-more" ? "加载中…" : "加载更多"}
          </Button>
        )}
      </nav>
    </div>
  );
}
