"use client";

import { CopyButton, Markdown } from "@/features/ai-runtime";
import { AiContentLabel, withAiLabel } from "@/features/compliance";

/** An answer of a shared snapshot: the site's markdown renderer (no raw HTML, safe links, no images) and 复制. */
export function SharedAnswer({ answer }: { answer: string }) {
  return (
    <div className="space-y-1">
      <Markdown source={answer} images={false} />
      <div className="flex items-center justify-start gap-3">
        <AiContentLabel />
        <CopyButton label="复制回答" getText={() => withAiLabel(answer)} showLabel className="h-7 px-2 text-xs text-muted-foreground" />
      </div>
    </div>
  );
}
