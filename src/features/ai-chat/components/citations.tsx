import { BookOpen, ChevronDown } from "lucide-react";
import type { Citation } from "../types";

const scoreTitle = (citation: Citation) =>
  [citation.datasetName && `知识库：${citation.datasetName}`, citation.score !== null && `相关度：${citation.score.toFixed(2)}`].filter(Boolean).join(" · ") || undefined;

/**
 * The knowledge citations of an answer, numbered: the document's name, opening one (a native
 * disclosure, keyboard accessible) shows the cited segment as plain text; the score is in the hover title.
 */
export function Citations({ citations }: { citations: Citation[] }) {
  if (citations.length === 0) return null;
  return (
    <section aria-label="引用" className="space-y-1.5" data-testid="citations">
      <p className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
        <BookOpen aria-hidden className="size-3.5" />
        引用
      </p>
      <ol className="space-y-1.5">
        {citations.map((citation, index) => (
          <li key={`${citation.segmentId}-${index}`}>
            <details className="group rounded-lg border bg-background/60 text-sm" data-testid="citation">
              <summary
                title={scoreTitle(citation)}
                className="flex cursor-pointer list-none items-center gap-2 px-3 py-1.5 select-none hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden"
              >
                <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-muted text-xs tabular-nums">{index + 1}</span>
                <span className="min-w-0 flex-1 truncate" data-user-content>
                  {citation.documentName}
                </span>
                <ChevronDown aria-hidden className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
              </summary>
              <p className="border-t px-3 py-2 leading-6 whitespace-pre-wrap break-words text-muted-foreground" data-user-content data-testid="citation-content">
                {citation.content || "（没有内容）"}
              </p>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
