"use client";

import { AlertCircle, FileText, X } from "lucide-react";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";
import type { PendingFile } from "../use-uploads";

/** Picked files with their upload progress, errors and a remove button (chat composer, form file fields). */
export function PendingFiles({ files, label, className, onRemove }: { files: PendingFile[]; label: string; className?: string; onRemove: (localId: string) => void }) {
  if (files.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-2", className)} aria-label={label}>
      {files.map((file) => (
        <li key={file.localId} className="relative flex w-40 items-center gap-2 rounded-lg border bg-background p-1.5 pr-7 text-xs" data-testid="pending-file" data-status={file.status}>
          {file.previewUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- a local blob: preview
            <img src={file.previewUrl} alt="" className="size-9 shrink-0 rounded object-cover" />
          ) : (
            <FileText aria-hidden className="size-9 shrink-0 rounded bg-muted p-2 text-muted-foreground" />
          )}
          <div className="min-w-0 flex-1 space-y-1">
            <p className="truncate" title={file.name}>
              {file.name}
            </p>
            {file.status === "uploading" && <Progress value={file.progress} aria-label={`「${file.name}」上传进度`} className="h-1" />}
            {file.status === "done" && <p className="text-muted-foreground">已上传</p>}
            {file.status === "error" && (
              <p className="flex items-center gap-1 text-destructive" title={file.error}>
                <AlertCircle aria-hidden className="size-3 shrink-0" />
                <span className="truncate">{file.error}</span>
              </p>
            )}
          </div>
          <button type="button" onClick={() => onRemove(file.localId)} aria-label={`移除「${file.name}」`} className="absolute top-1 right-1 rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground">
            <X aria-hidden className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
