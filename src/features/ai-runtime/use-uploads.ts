"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { messageOf } from "./errors";
import type { DifyFileKind, DifyFileRef, DifyFileUploadConfig, DifySystemParameters, DifyUploadedFile } from "./types";
import { localId as newLocalId } from "./local-id";
import { checkFile, fileKindOf, maxFiles, uploadFile, type UploadHandle } from "./upload";

export interface PendingFile {
  localId: string;
  name: string;
  size: number;
  kind: DifyFileKind;
  progress: number;
  status: "uploading" | "done" | "error";
  error?: string;
  /** Object URL of an image, for the preview. */
  previewUrl?: string;
  uploaded?: DifyUploadedFile;
}

/** Files picked for the next message (or a form's file field): checked, uploaded with progress, removable. */
export function useUploads(
  appid: string,
  config: DifyFileUploadConfig | undefined,
  system: DifySystemParameters | undefined,
  /** The toast's text when more files are picked than the limit allows. */
  tooManyText: (limit: number) => string = (limit) => `每条消息最多附带 ${limit} 个文件`,
) {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const handles = useRef(new Map<string, UploadHandle>());

  useEffect(() => {
    const current = handles.current;
    return () => current.forEach((handle) => handle.abort());
  }, []);

  const patch = useCallback((localId: string, change: Partial<PendingFile>) => {
    setFiles((list) => list.map((item) => (item.localId === localId ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (picked: FileList | File[]) => {
      const limit = maxFiles(config);
      let room = limit - files.length;
      for (const file of Array.from(picked)) {
        const problem = checkFile(file, config, system);
        if (problem) {
          toast({ variant: "destructive", title: "无法上传", description: problem });
          continue;
        }
        if (room <= 0) {
          toast({ variant: "destructive", title: "无法上传", description: tooManyText(limit) });
          break;
        }
        room -= 1;
        const localId = newLocalId();
        const kind = fileKindOf(file.name);
        setFiles((list) => [
          ...list,
          { localId, name: file.name, size: file.size, kind, progress: 0, status: "uploading", previewUrl: kind === "image" ? URL.createObjectURL(file) : undefined },
        ]);
        const handle = uploadFile(appid, file, (progress) => patch(localId, { progress }));
        handles.current.set(localId, handle);
        handle.promise.then(
          (uploaded) => patch(localId, { status: "done", progress: 100, uploaded }),
          (error: unknown) => {
            if (error instanceof Error && error.name === "AbortError") return;
            patch(localId, { status: "error", error: messageOf(error) });
          },
        ).finally(() => handles.current.delete(localId));
      }
    },
    [appid, config, files.length, patch, system, tooManyText],
  );

  const remove = useCallback((localId: string) => {
    handles.current.get(localId)?.abort();
    setFiles((list) => list.filter((item) => item.localId !== localId));
  }, []);

  /** Empties the tray after sending (previews stay alive: the sent message still shows them). */
  const clear = useCallback(() => setFiles([]), []);

  const uploading = files.some((file) => file.status === "uploading");
  const ready = files.filter((file): file is PendingFile & { uploaded: DifyUploadedFile } => file.status === "done" && file.uploaded !== undefined);
  const refs: DifyFileRef[] = ready.map((file) => ({ type: file.kind, transfer_method: "local_file", upload_file_id: file.uploaded.id }));

  return { files, add, remove, clear, uploading, ready, refs };
}
