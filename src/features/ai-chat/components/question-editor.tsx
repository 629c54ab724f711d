"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";

/** Edits a question in place; 发送 asks the new text as a sibling of the old question (its answer kept). */
export function QuestionEditor({ initial, onSubmit, onCancel }: { initial: string; onSubmit: (query: string) => void; onCancel: () => void }) {
  const [text, setText] = useState(initial);
  const trimmed = text.trim();
  return (
    <form
      className="flex w-full max-w-[85%] flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) onSubmit(trimmed);
      }}
    >
      <Textarea aria-label="修改问题" value={text} onChange={(event) => setText(event.target.value)} rows={3} autoFocus className="min-h-20" />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          取消
        </Button>
        <Button type="submit" size="sm" disabled={!trimmed}>
          发送
        </Button>
      </div>
    </form>
  );
}
