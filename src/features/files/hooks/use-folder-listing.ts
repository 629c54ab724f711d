"use client";

import type { SupabaseClient } from "@supabase/supabase-js";
import { useCallback, useEffect, useMemo, useState } from "react";
import { toEntries, type Entry, type SortField, type SortOrder } from "../lib/entries";
import { storageErrorText } from "../lib/error-text";
import { encodeKeySegment } from "../lib/object-names";

export type ListingQuery = { bucketId: string; folder: string; sort: SortField; order: SortOrder; search: string };
export type ListingState = { entries: Entry[]; loading: boolean; error: string | null; reload: () => void };

const LIMIT = 1000;

/**
 * One folder's entries through storage-js `list`: Storage sorts by name or time (size is sorted on the
 * page), and `search` narrows by name prefix, so the term is encoded like the keys are.
 */
export function useFolderListing(supabase: SupabaseClient, query: ListingQuery): ListingState {
  // Remembers which folder the entries belong to, so another folder's entries are never shown.
  const [result, setResult] = useState<{ folder: string; entries: Entry[] }>({ folder: "", entries: [] });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { bucketId, folder, sort, order, search } = query;

  useEffect(() => {
    let cancelled = false;
    const column = sort === "size" ? "name" : sort;
    const term = search.trim();
    // Typing in the search box should not send a request per key.
    const timer = setTimeout(() => {
      setLoading(true);
      supabase.storage
        .from(bucketId)
        .list(folder, {
          limit: LIMIT,
          sortBy: { column, order: sort === "size" ? "asc" : order },
          ...(term ? { search: encodeKeySegment(term) } : {}),
        })
        .then(({ data, error: failure }) => {
          if (cancelled) return;
          if (failure) setError(storageErrorText(failure));
          else {
            setResult({ folder, entries: toEntries(data, folder) });
            setError(null);
          }
        })
        .catch((failure: unknown) => {
          if (!cancelled) setError(storageErrorText(failure));
        })
        .finally(() => {
          if (!cancelled) setLoading(false);
        });
    }, term ? 250 : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [supabase, bucketId, folder, sort, order, search, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const entries = useMemo(() => (result.folder === folder ? result.entries : []), [result, folder]);
  return { entries, loading, error, reload };
}
