import { Sparkles } from "lucide-react";
import { cn } from "@/lib/utils";
import { AI_CONTENT_LABEL } from "../ai-label";

/** The explicit 「内容由 AI 生成」 mark under every answer (chat, workflow, completion, share pages). */
export function AiContentLabel({ className }: { className?: string }) {
  return (
    <p data-testid="ai-content-label" className={cn("inline-flex items-center gap-1 text-xs text-muted-foreground", className)}>
      <Sparkles aria-hidden className="size-3" />
      {AI_CONTENT_LABEL}
    </p>
  );
}
