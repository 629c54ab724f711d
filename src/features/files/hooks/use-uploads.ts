"use client";

import type { SupabaseClient } from "@supabase/supabase-js";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { filesCopy } from "../copy";
import { storageErrorText } from "../lib/error-text";
import { uploadProblem, type BucketRules } from "../lib/limits";
import { encodeKeySegment, nameProblem } from "../lib/object-names";
import { uploadToSignedUrl } from "../lib/signed-upload";

export type UploadStatus = "waiting" | "uploading" | "done" | "failed";
export type UploadItem = { id: string; name: string; size: number; status: UploadStatus; progress: number; error: string | null };

type UploadsOptions = { supabase: SupabaseClient; bucket: BucketRules & { id: string }; folder: string; onUploaded: () => void };

const CONCURRENCY = 3;
let nextId = 0;

/**
 * Uploads several files into a folder, each with its own progress: a signed upload URL per file, then
 * an XMLHttpRequest PUT (storage-js has no progress events). Files the bucket would refuse are marked
 * failed at once with the reason, without a request.
 */
export function useUploads({ supabase, bucket, folder, onUploaded }: UploadsOptions) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  }, [onUploaded]);

  const patch = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const uploadOne = useCallback(
    async (item: UploadItem, file: File): Promise<string | null> => {
      patch(item.id, { status: "uploading", progress: 0 });
      try {
        const key = `${folder}/${encodeKeySegment(file.name.trim())}`;
        const signed = await supabase.storage.from(bucket.id).createSignedUploadUrl(key);
        if (signed.error) throw signed.error;
        await uploadToSignedUrl({
          url: signed.data.signedUrl,
          file,
          metadata: { originalName: file.name },
          onProgress: (fraction) => patch(item.id, { progress: Math.round(fraction * 100) }),
        });
        patch(item.id, { status: "done", progress: 100 });
        onUploadedRef.current();
        return null;
      } catch (failure) {
        const message = `“${file.name}”上传失败：${storageErrorText(failure)}`;
        patch(item.id, { status: "failed", error: message });
        return message;
      }
    },
    [supabase, bucket.id, folder, patch],
  );

  const addFiles = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      const queued: { item: UploadItem; file: File }[] = [];
      const refused: string[] = [];
      const added = files.map((file) => {
        const problem = nameProblem(file.name) ?? uploadProblem(file, bucket);
        const item: UploadItem = {
          id: `upload-${++nextId}`,
          name: file.name,
          size: file.size,
          status: problem ? "failed" : "waiting",
          progress: 0,
          error: problem,
        };
        if (problem) refused.push(problem);
        else queued.push({ item, file });
        return item;
      });
      setItems((current) => [...added, ...current]);

      const failures = [...refused];
      let succeeded = 0;
      const worker = async () => {
        for (let next = queued.shift(); next; next = queued.shift()) {
          const failure = await uploadOne(next.item, next.file);
          if (failure) failures.push(failure);
          else succeeded += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queued.length) }, worker));

      if (failures.length > 0) {
        toast({ variant: "destructive", title: filesCopy.uploadFailed, description: failures.join("\n"), duration: 8000 });
      } else if (succeeded > 0) {
        toast({ variant: "success", title: filesCopy.uploaded(succeeded) });
      }
    },
    [bucket, uploadOne],
  );

  const dismiss = useCallback((id: string) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const clearFinished = useCallback(
    () => setItems((current) => current.filter((item) => item.status === "waiting" || item.status === "uploading")),
    [],
  );
  return { items, addFiles, dismiss, clearFinished };
}
