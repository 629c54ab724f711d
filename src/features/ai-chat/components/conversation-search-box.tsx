"use client";

import { Search, X } from "lucide-react";
import { Input } from "@/components/ui/input";
import { MAX_SEARCH_LENGTH } from "../use-conversation-search";

/** The search field above the list; Escape or ✕ clears it, which brings the list back. */
export function ConversationSearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div role="search" className="relative">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        aria-label="搜索对话"
        placeholder="搜索对话"
        value={value}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && value) {
            event.preventDefault();
            onChange("");
          }
        }}
        className="h-9 pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button type="button" aria-label="清除搜索" onClick={() => onChange("")} className="absolute top-1/2 right-2 -translate-y-1/2 rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
          <X aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}
