"use client";

import { CheckCircle2, CircleAlert, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { filesCopy } from "../copy";
import type { UploadItem } from "../hooks/use-uploads";
import { formatBytes } from "../lib/format";

type UploadListProps = { items: readonly UploadItem[]; onDismiss: (id: string) => void; onClearFinished: () => void };

function statusText(item: UploadItem): string {
  if (item.status === "done") return filesCopy.uploadDone;
  if (item.status === "waiting") return filesCopy.uploadWaiting;
  if (item.status === "failed") return filesCopy.uploadFailedShort;
  return `${item.progress}%`;
}

/** One row per upload: name, size, a progress bar, and the reason when it failed. */
export function UploadList({ items, onDismiss, onClearFinished }: UploadListProps) {
  if (items.length === 0) return null;
  const anyFinished = items.some((item) => item.status === "done" || item.status === "failed");
  return (
    <section aria-label={filesCopy.uploadsLabel} className="grid gap-2">
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.id} className="grid gap-1.5 rounded-lg border px-3 py-2" data-upload-status={item.status}>
            <div className="flex items-center gap-2 text-sm">
              {item.status === "done" ? <CheckCircle2 aria-hidden className="size-4 text-emerald-600" /> : null}
              {item.status === "failed" ? <CircleAlert aria-hidden className="size-4 text-destructive" /> : null}
              <span className="min-w-0 flex-1 truncate" title={item.name}>
                {item.name}
              </span>
              <span className="text-xs text-muted-foreground">{formatBytes(item.size)}</span>
              <span className="w-14 text-right text-xs tabular-nums text-muted-foreground">{statusText(item)}</span>
              {item.status === "done" || item.status === "failed" ? (
                <Button size="icon" variant="ghost" className="size-7" aria-label={filesCopy.dismissUpload(item.name)} onClick={() => onDismiss(item.id)}>
                  <X />
                </Button>
              ) : null}
            </div>
            {item.status === "failed" ? null : (
              <Progress
                value={item.progress}
                aria-label={filesCopy.uploadProgress(item.name)}
                aria-valuetext={statusText(item)}
              />
            )}
            {item.error ? (
              <p role="alert" className="text-xs text-destructive">
                {item.error}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {anyFinished ? (
        <Button size="sm" variant="ghost" className="justify-self-end" onClick={onClearFinished}>
          {filesCopy.clearFinished}
        </Button>
      ) : null}
    </section>
  );
}
