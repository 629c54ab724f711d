"use client";

import type { SupabaseClient } from "@supabase/supabase-js";
import { useCallback, useEffect, useState } from "react";
import { storageErrorText } from "../lib/error-text";

/** storage-js `Bucket` (supabase-js does not re-export the type). */
export type Bucket = NonNullable<Awaited<ReturnType<SupabaseClient["storage"]["listBuckets"]>>["data"]>[number];

export type BucketsState = { buckets: Bucket[]; loading: boolean; error: string | null; reload: () => void };

/** The buckets the signed-in user can see (`supabase.storage.listBuckets()`). */
export function useBuckets(supabase: SupabaseClient | null): BucketsState {
  const [buckets, setBuckets] = useState<Bucket[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!supabase) return;
    let cancelled = false;
    supabase.storage
      .listBuckets()
      .then(({ data, error: failure }) => {
        if (cancelled) return;
        if (failure) setError(storageErrorText(failure));
        else {
          setBuckets([...data].sort((a, b) => a.name.localeCompare(b.name)));
          setError(null);
        }
      })
      .catch((failure: unknown) => {
        if (!cancelled) setError(storageErrorText(failure));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [supabase, attempt]);

  const reload = useCallback(() => {
    setLoading(true);
    setAttempt((n) => n + 1);
  }, []);
  return { buckets, loading, error, reload };
}
