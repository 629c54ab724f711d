"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";

export interface Branch {
  /** Zero-based position among the answers to the same question (and its edits). */
  index: number;
  count: number;
  onSwitch: (index: number) => void;
}

/** `‹ 1 / 2 ›` under an answer that was regenerated or whose question was edited. */
export function BranchSwitcher({ branch, disabled }: { branch: Branch; disabled: boolean }) {
  const { index, count, onSwitch } = branch;
  return (
    <div role="group" aria-label="切换回答版本" className="-ml-1.5 inline-flex items-center text-xs text-muted-foreground" data-testid="branch-switcher">
      <Button type="button" variant="ghost" size="icon" className="size-7" aria-label="上一个版本" disabled={disabled || index === 0} onClick={() => onSwitch(index - 1)}>
        <ChevronLeft aria-hidden />
      </Button>
      <span className="min-w-10 text-center tabular-nums" data-testid="branch-position">
        {index + 1} / {count}
      </span>
      <Button type="button" variant="ghost" size="icon" className="size-7" aria-label="下一个版本" disabled={disabled || index === count - 1} onClick={() => onSwitch(index + 1)}>
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}
