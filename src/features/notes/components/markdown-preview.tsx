import { Markdown } from "@/features/ai-runtime";
import { cn } from "@/lib/utils";

/**
 * Renders a note's markdown with the same renderer as AI answers: GFM (tables, task lists), math
 * (KaTeX) and highlighted code, so a formula pasted from a chat looks the same here. Raw HTML is not rendered.
 */
export function MarkdownPreview({ source, className }: { source: string; className?: string }) {
  return <Markdown source={source} className={cn("text-sm leading-relaxed", className)} />;
}
