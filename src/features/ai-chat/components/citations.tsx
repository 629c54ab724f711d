import { BookOpen, ChevronDown, ExternalLink } from "lucide-react";
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
              <CitationWhere citation={citation} />
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Where the passage is: 「第 N 页」 / the section of a document, a link to a web result (http(s) only: citations.ts). */
function CitationWhere({ citation }: { citation: Citation }) {
  const place = [citation.page !== undefined ? `第 ${citation.page} 页` : "", citation.section ?? ""].filter(Boolean).join(" · ");
  if (!place && !citation.url) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t px-3 py-1.5 text-xs text-muted-foreground" data-testid="citation-where">
      {place ? <span data-user-content>{place}</span> : null}
      {citation.url ? (
        <a href={citation.url} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex min-w-0 items-center gap-1 text-primary underline-offset-4 hover:underline" data-testid="citation-link">
          <ExternalLink aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate" data-user-content>
            {citation.url}
          </span>
        </a>
      ) : null}
    </p>
  );
}
