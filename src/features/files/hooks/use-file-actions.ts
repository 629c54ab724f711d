"use client";

import type { SupabaseClient } from "@supabase/supabase-js";
import { useCallback, useState } from "react";
import { toast } from "@/lib/toast";
import { filesCopy } from "../copy";
import type { Entry, FileEntry } from "../lib/entries";
import { storageErrorText } from "../lib/error-text";
import { collectFolderKeys } from "../lib/folder-keys";
import { EMPTY_FOLDER_PLACEHOLDER, encodeKeySegment } from "../lib/object-names";
import { saveBlob } from "../lib/save-blob";
import { onStorageOrigin } from "@/lib/supabase/storage-origin";
import { storageUrlNow } from "@/lib/supabase/use-storage-origin";

/** Storage's `remove` takes at most 1000 paths per request. */
const REMOVE_BATCH = 1000;

/** A failure whose message is already Chinese and fit for a toast. */
export class FileActionError extends Error {}

async function moveFolder(bucket: ReturnType<SupabaseClient["storage"]["from"]>, from: string, to: string): Promise<void> {
  const keys = await collectFolderKeys(bucket, from);
  for (const [index, key] of keys.entries()) {
    const { error } = await bucket.move(key, `${to}${key.slice(from.length)}`);
    if (error) throw new FileActionError(index === 0 ? storageErrorText(error) : filesCopy.partlyMoved(index, keys.length, storageErrorText(error)));
  }
}

async function run<T>(operation: Promise<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await operation;
  if (error || data === null) throw new FileActionError(storageErrorText(error));
  return data;
}

const textOf = (error: unknown) => (error instanceof FileActionError ? error.message : storageErrorText(error));

/**
 * The file operations of the page, each through storage-js, with toasts and a pending flag per key
 * (so the row's buttons can be disabled while something happens to it).
 */
export function useFileActions(supabase: SupabaseClient, bucketId: string, onChanged: () => void) {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const bucket = useCallback(() => supabase.storage.from(bucketId), [supabase, bucketId]);

  const track = useCallback(async <T,>(key: string, work: () => Promise<T>): Promise<T> => {
    setPending((current) => new Set(current).add(key));
    try {
      return await work();
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  }, []);

  const download = useCallback(
    (entry: FileEntry) =>
      track(entry.key, async () => {
        try {
          saveBlob(await run(bucket().download(entry.key)), entry.name);
        } catch (error) {
          toast({ variant: "destructive", title: filesCopy.downloadFailed, description: textOf(error) });
        }
      }),
    [bucket, track],
  );

  /** A signed download URL; throws a FileActionError with the Chinese reason. */
  const signedUrl = useCallback(
    async (entry: FileEntry, seconds: number) =>
      onStorageOrigin((await run(bucket().createSignedUrl(entry.key, seconds))).signedUrl, await storageUrlNow()),
    [bucket],
  );

  /**
   * Moves a file to `toKey`, or a folder with everything in it (Storage has no folder move: each
   * object moves on its own, and the first failure stops the rest). Resolves true when it worked.
   */
  const move = useCallback(
    (entry: Entry, toKey: string) =>
      track(entry.key, async () => {
        try {
          if (entry.kind === "file") await run(bucket().move(entry.key, toKey));
          else await moveFolder(bucket(), entry.key, toKey);
          toast({ variant: "success", title: filesCopy.moved });
          onChanged();
          return true;
        } catch (error) {
          toast({ variant: "destructive", title: filesCopy.moveFailed, description: textOf(error) });
          return false;
        }
      }),
    [bucket, track, onChanged],
  );

  /** Deletes a file, or a folder with everything in it. */
  const remove = useCallback(
    (entry: Entry) =>
      track(entry.key, async () => {
        try {
          const keys = entry.kind === "file" ? [entry.key] : await collectFolderKeys(bucket(), entry.key);
          for (let start = 0; start < keys.length; start += REMOVE_BATCH) {
            await run(bucket().remove(keys.slice(start, start + REMOVE_BATCH)));
          }
          toast({ variant: "success", title: filesCopy.deleted });
          onChanged();
          return true;
        } catch (error) {
          toast({ variant: "destructive", title: filesCopy.deleteFailed, description: textOf(error) });
          return false;
        }
      }),
    [bucket, track, onChanged],
  );

  /** Creates a folder the way Supabase's dashboard does: an empty placeholder object inside it. */
  const createFolder = useCallback(
    async (parent: string, name: string) => {
      const key = `${parent}/${encodeKeySegment(name.trim())}/${EMPTY_FOLDER_PLACEHOLDER}`;
      try {
        await run(bucket().upload(key, new Blob([]), { contentType: "application/octet-stream" }));
        toast({ variant: "success", title: filesCopy.folderCreated(name.trim()) });
        onChanged();
        return true;
      } catch (error) {
        toast({ variant: "destructive", title: filesCopy.uploadFailed, description: textOf(error) });
        return false;
      }
    },
    [bucket, onChanged],
  );

  return { pending, download, signedUrl, move, remove, createFolder };
}
