"use client";

import { useEffect, useState } from "react";
import { apiFetch } from "@/lib/fetch";
import type { PublicSupabaseConfig } from "@/lib/supabase";

let storageUrlPromise: Promise<string | null> | undefined;

function loadStorageUrl(): Promise<string | null> {
  storageUrlPromise ??= apiFetch<PublicSupabaseConfig>("/api/auth/config")
    .then((config) => config.storageUrl ?? null)
    .catch(() => {
      storageUrlPromise = undefined;
      return null;
    });
  return storageUrlPromise;
}

/** STORAGE_PUBLIC_URL as the server reports it (null until known, or when unset). */
export function useStorageUrl(): string | null {
  const [storageUrl, setStorageUrl] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void loadStorageUrl().then((url) => {
      if (!cancelled) setStorageUrl(url);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return storageUrl;
}

/** The storage origin for a one-off action (a signed URL about to be copied). */
export const storageUrlNow = loadStorageUrl;
