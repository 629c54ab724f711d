"use client";

import { Search } from "lucide-react";
import { Link } from "@/components/link";
import { useDeferredValue, useEffect, useId, useMemo, useState } from "react";
import { contentCopy } from "../copy";
import { searchDocs, type SearchIndex } from "./search-docs";

export const SEARCH_INDEX_PATH = "/docs/search-index.json";

let indexPromise: Promise<SearchIndex> | undefined;

/** The index is fetched once, on first use, so docs pages don't pay for it up front. */
function loadIndex(): Promise<SearchIndex> {
  indexPromise ??= fetch(SEARCH_INDEX_PATH)
    .then((response) => {
      if (!response.ok) throw new Error(`search index: ${response.status}`);
      return response.json() as Promise<SearchIndex>;
    })
    .catch((error: unknown) => {
      indexPromise = undefined;
      throw error;
    });
  return indexPromise;
}

/** Full-text search over the docs, offline and in the browser (Chinese included). */
export function DocsSearch() {
  const copy = contentCopy.docs.search;
  const [query, setQuery] = useState("");
  const [index, setIndex] = useState<SearchIndex>();
  const [failed, setFailed] = useState(false);
  const deferredQuery = useDeferredValue(query);
  const listId = useId();

  useEffect(() => {
    if (!query || index) return;
    let cancelled = false;
    loadIndex().then(
      (loaded) => !cancelled && setIndex(loaded),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [query, index]);

  const results = useMemo(() => (index ? searchDocs(index, deferredQuery) : []), [index, deferredQuery]);
  const trimmed = deferredQuery.trim();

  return (
    <div role="search" className="relative">
      <label className="relative block">
        <span className="sr-only">{copy.label}</span>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onFocus={() => void loadIndex().then(setIndex, () => setFailed(true))}
          placeholder={copy.placeholder}
          aria-controls={listId}
          className="h-10 w-full rounded-lg border bg-background/80 pr-3 pl-9 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        />
      </label>
      <div id={listId} aria-live="polite" className={trimmed ? "mt-2" : "sr-only"}>
        {!trimmed ? null : failed ? (
          <p className="px-1 text-sm text-destructive">{copy.failed}</p>
        ) : !index ? (
          <p className="px-1 text-sm text-muted-foreground">{copy.loading}</p>
        ) : results.length === 0 ? (
          <p className="px-1 text-sm text-muted-foreground">{copy.empty(trimmed)}</p>
        ) : (
          <ul aria-label={copy.resultsLabel} className="max-h-96 space-y-1 overflow-y-auto rounded-lg border bg-popover p-1 shadow-lg">
            {results.map((result) => (
              <li key={result.href}>
                <Link
                  href={result.href}
                  onClick={() => setQuery("")}
                  className="block rounded-md px-3 py-2 text-sm outline-none hover:bg-accent focus-visible:bg-accent"
                >
                  <span className="block font-medium">
                    {result.title}
                    {result.heading ? <span className="text-muted-foreground"> › {result.heading}</span> : null}
                  </span>
                  <span className="mt-0.5 line-clamp-2 block text-xs text-muted-foreground">{result.snippet}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
