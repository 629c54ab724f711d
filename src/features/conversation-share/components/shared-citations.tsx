import type { SharedMessage } from "../types";

type SharedCitation = NonNullable<SharedMessage["citations"]>[number];

/**
 * A shared answer's 引用 (the chat page's citations, kept in the snapshot): the name, 「第 N 页」 / the
 * section, and a link only to http(s). Its own small list: the chat page's component would make
 * ai-chat and conversation-share import each other.
 */
export function SharedCitations({ citations }: { citations: SharedCitation[] }) {
  return (
    <section aria-label="引用" className="mt-2 space-y-1 text-sm" data-testid="citations">
      <p className="text-xs text-muted-foreground">引用</p>
      <ol className="list-decimal space-y-1 pl-5">
        {citations.map((citation, index) => {
          const place = [citation.datasetName, citation.page !== undefined ? `第 ${citation.page} 页` : "", citation.section ?? ""].filter(Boolean).join(" · ");
          const url = citation.url && /^https?:\/\//i.test(citation.url) ? citation.url : undefined;
          return (
            <li key={`${citation.segmentId}-${index}`} data-testid="citation">
              <span data-user-content>{citation.documentName}</span>
              {place ? <span className="text-muted-foreground" data-user-content>{` · ${place}`}</span> : null}
              {url ? (
                <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="ml-2 break-all text-primary underline-offset-4 hover:underline" data-testid="citation-link">
                  {url}
                </a>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
