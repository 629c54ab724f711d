"use client";

import type { SupabaseClient } from "@supabase/supabase-js";
import { useCallback } from "react";
import { toast } from "@/lib/toast";
import { filesCopy } from "../copy";
import type { BucketOptions } from "../lib/bucket-settings";
import { bucketErrorText } from "../lib/error-text";

/** null when done; else why not, in Chinese (shown in the dialog that asked: a toast would sit behind it). */
export type BucketActionResult = string | null;

export type BucketActions = {
  create: (name: string, options: BucketOptions) => Promise<BucketActionResult>;
  update: (id: string, options: BucketOptions) => Promise<BucketActionResult>;
  empty: (id: string) => Promise<BucketActionResult>;
  remove: (id: string) => Promise<BucketActionResult>;
};

/** Creating and changing the user's own buckets through storage-js; success is toasted and reloads the list. */
export function useBucketActions(supabase: SupabaseClient, reload: () => void): BucketActions {
  const run = useCallback(
    async (work: () => Promise<{ error: unknown }>, done: string, failed: string): Promise<BucketActionResult> => {
      const { error } = await work().catch((caught: unknown) => ({ error: caught }));
      if (error) return `${failed}：${bucketErrorText(error)}`;
      toast({ variant: "success", title: done, duration: 2000 });
      reload();
      return null;
    },
    [reload],
  );
  const storage = supabase.storage;
  return {
    create: (name, options) => run(() => storage.createBucket(name, options), filesCopy.bucketCreated(name), filesCopy.bucketCreateFailed),
    update: (id, options) => run(() => storage.updateBucket(id, options), filesCopy.bucketUpdated, filesCopy.bucketUpdateFailed),
    empty: (id) => run(() => storage.emptyBucket(id), filesCopy.bucketEmptied, filesCopy.bucketEmptyFailed),
    remove: (id) => run(() => storage.deleteBucket(id), filesCopy.bucketDeleted, filesCopy.bucketDeleteFailed),
  };
}
