"use client";

import type { SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useMemo, useState } from "react";
import type { Entry } from "../lib/entries";
import { isImageType } from "../lib/limits";

const THUMBNAIL_LIFETIME_SECONDS = 60 * 60;

/**
 * Thumbnail URLs for the image files listed: public URLs in public buckets, otherwise one batch of
 * signed URLs (no image transforms: hosted projects on the free plan have none).
 */
export function useThumbnails(supabase: SupabaseClient, bucket: { id: string; public: boolean }, entries: readonly Entry[]) {
  const keys = useMemo(
    () => entries.filter((e) => e.kind === "file" && isImageType(e.mimeType)).map((e) => e.key),
    [entries],
  );
  const [signed, setSigned] = useState<Record<string, string>>({});
  const keysSignature = keys.join("\n");

  useEffect(() => {
    if (bucket.public || keysSignature === "") return;
    let cancelled = false;
    supabase.storage
      .from(bucket.id)
      .createSignedUrls(keysSignature.split("\n"), THUMBNAIL_LIFETIME_SECONDS)
      .then(({ data }) => {
        if (cancelled || !data) return;
        const urls: Record<string, string> = {};
        for (const item of data) if (item.path && item.signedUrl) urls[item.path] = item.signedUrl;
        setSigned(urls);
      })
      .catch(() => undefined); // no thumbnails: the file icon is shown instead
    return () => {
      cancelled = true;
    };
  }, [supabase, bucket.id, bucket.public, keysSignature]);

  return useMemo(() => {
    if (!bucket.public) return signed;
    const urls: Record<string, string> = {};
    for (const key of keys) urls[key] = supabase.storage.from(bucket.id).getPublicUrl(key).data.publicUrl;
    return urls;
  }, [bucket.public, bucket.id, keys, signed, supabase]);
}
