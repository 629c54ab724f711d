"use client";

import { useEffect, useState } from "react";
import { messageOf } from "@/features/ai-runtime";
import { apiFetch } from "@/lib/fetch";
import type { ConversationSearchHit, ConversationSearchResult } from "./search-types";

/** Typing pauses this long before the server is asked: each search reads many upstream pages. */
export const SEARCH_DEBOUNCE_MS = 300;
export const MAX_SEARCH_LENGTH = 100;

export type SearchState = { status: "idle" } | { status: "searching" } | { status: "done"; hits: ConversationSearchHit[] } | { status: "error"; message: string };

/** Searches the user's conversations of the app (titles and message text) as `query` settles. */
export function useConversationSearch(appid: string, query: string): SearchState {
  const trimmed = query.trim().slice(0, MAX_SEARCH_LENGTH);
  // The answer is kept with the query it belongs to: a different query means "still searching"
  // without a state change in the effect itself.
  const [answer, setAnswer] = useState<{ key: string; state: SearchState } | null>(null);
  const key = `${appid}\n${trimmed}`;

  useEffect(() => {
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiFetch<ConversationSearchResult>(`/api/ai/conversations/search?${new URLSearchParams({ appid, q: trimmed })}`, { signal: controller.signal })
        .then((result) => setAnswer({ key, state: { status: "done", hits: result.data } }))
        .catch((error: unknown) => {
          // A newer query replaced this one: its answer no longer matters.
          if (!controller.signal.aborted) setAnswer({ key, state: { status: "error", message: messageOf(error) } });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [appid, key, trimmed]);

  if (!trimmed) return { status: "idle" };
  return answer?.key === key ? answer.state : { status: "searching" };
}
