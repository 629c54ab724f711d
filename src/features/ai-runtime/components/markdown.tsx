"use client";

import dynamic from "next/dynamic";
import { cn } from "@/lib/utils";
import { splitThinking } from "../think";

// The renderer (remark/rehype, KaTeX, highlight.js) is the heaviest code of these pages: loaded on demand.
const MarkdownRenderer = dynamic(() => import("./markdown-renderer"), {
  ssr: false,
  loading: () => <div className="h-5 w-1/2 animate-pulse rounded bg-muted" aria-hidden />,
});

export const markdownClassName =
  "min-w-0 space-y-3 text-[15px] leading-7 break-words [&_a]:text-primary [&_a]:underline [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-[0.9em] [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:my-1 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_td]:border [&_td]:px-3 [&_td]:py-1.5 [&_th]:border [&_th]:bg-muted/60 [&_th]:px-3 [&_th]:py-1.5 [&_th]:text-left [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_hr]:my-4 [&_.katex-display]:overflow-x-auto [&_.katex-display]:py-1";

/**
 * Rendered markdown of an answer (streams re-render as text arrives); a leading `<think>` block folds away.
 * `images={false}` shows images as their description (shared pages: see markdown-renderer.tsx).
 */
export function Markdown({ source, className, images = true }: { source: string; className?: string; images?: boolean }) {
  const { thinking, done, answer } = splitThinking(source);
  return (
    <div className={cn(markdownClassName, className)} data-testid="markdown">
      {thinking !== null && (
        <details open={!done} className="rounded-lg border-l-2 bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
          <summary className="cursor-pointer select-none">{done ? "思考过程" : "思考中…"}</summary>
          <div className="mt-2 whitespace-pre-wrap">{thinking}</div>
        </details>
      )}
      {answer && <MarkdownRenderer source={answer} images={images} />}
    </div>
  );
}
