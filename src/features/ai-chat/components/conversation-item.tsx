"use client";

import { Download, FileJson, MessageSquare, MoreHorizontal, Pencil, Pin, PinOff, Share2, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";
import type { ExportFormat } from "../conversation-export";
import type { Conversation } from "../types";

export interface ConversationActions {
  onOpen: (id: string) => void;
  onRename: (conversation: Conversation) => void;
  onDelete: (conversation: Conversation) => void;
  onPin: (conversation: Conversation, pinned: boolean) => void;
  onExport: (conversation: Conversation, format: ExportFormat) => void;
  onShare: (conversation: Conversation) => void;
}

interface ConversationItemProps extends ConversationActions {
  conversation: Conversation;
  active: boolean;
  pinned: boolean;
  /** A search result's text around the match (plain text). */
  snippet?: string;
}

/** One row of the sidebar: opens the conversation; its menu renames, pins, shares, exports or deletes it. */
export function ConversationItem({ conversation, active, pinned, snippet, onOpen, onRename, onDelete, onPin, onExport, onShare }: ConversationItemProps) {
  const name = conversation.name || "未命名对话";
  return (
    <li className={cn("group flex items-center rounded-md pr-1 transition-colors hover:bg-accent", active && "bg-accent text-accent-foreground")}>
      <button
        type="button"
        onClick={() => onOpen(conversation.id)}
        aria-current={active ? "page" : undefined}
        className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-2 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {pinned ? <Pin aria-label="已置顶" className="size-4 shrink-0 text-muted-foreground" /> : <MessageSquare aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
        <span className="flex min-w-0 flex-col">
          <span className="truncate">{name}</span>
          {snippet && <span className="line-clamp-2 text-xs text-muted-foreground">{snippet}</span>}
        </span>
      </button>
      {/* Non-modal: the menu opens dialogs, and two modal layers at once leave the page unclickable (Radix). */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="ghost" size="icon" className="size-7 shrink-0 opacity-100 md:opacity-0 md:group-hover:opacity-100 md:focus-visible:opacity-100 md:data-[state=open]:opacity-100" aria-label={`「${name}」的更多操作`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => onRename(conversation)}>
            <Pencil aria-hidden />
            重命名
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onPin(conversation, !pinned)}>
            {pinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
            {pinned ? "取消置顶" : "置顶"}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onShare(conversation)}>
            <Share2 aria-hidden />
            分享
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onExport(conversation, "markdown")}>
            <Download aria-hidden />
            导出为 Markdown
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onExport(conversation, "json")}>
            <FileJson aria-hidden />
            导出为 JSON
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => onDelete(conversation)}>
            <Trash2 aria-hidden />
            删除
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
