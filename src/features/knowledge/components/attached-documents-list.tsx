import { AlertCircle, FileText, Loader2, X } from "lucide-react";
import { cn } from "@/lib/utils";
import { isPreparing, type AttachedDocument } from "../attached-documents";
import { knowledgeCopy } from "../copy";

/** 上传中 / 解析中 (spinning), 已索引, or why it failed. */
export function AttachedStatus({ document, className }: { document: AttachedDocument; className?: string }) {
  if (document.status === "failed") {
    const reason = document.failureReason ?? knowledgeCopy.status.failed;
    return (
      <span className={cn("flex min-w-0 items-center gap-1 text-xs text-destructive", className)} title={reason}>
        <AlertCircle aria-hidden className="size-3 shrink-0" />
        <span className="truncate">{reason}</span>
      </span>
    );
  }
  return (
    <span className={cn("flex items-center gap-1 text-xs text-muted-foreground", className)}>
      {isPreparing(document) && <Loader2 aria-hidden className="size-3 animate-spin" />}
      {document.status === "uploading" ? knowledgeCopy.uploading : knowledgeCopy.status[document.status]}
    </span>
  );
}

/** The conversation's documents in the composer's tray (beside the images waiting to be sent), each removable. */
export function AttachedDocumentsList({ documents, onRemove, className }: { documents: readonly AttachedDocument[]; onRemove: (id: string) => void; className?: string }) {
  if (documents.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-2", className)} aria-label={knowledgeCopy.attachedDocuments}>
      {documents.map((document) => (
        <li key={document.id} className="relative flex w-48 items-center gap-2 rounded-lg border bg-background p-1.5 pr-7 text-xs" data-testid="attached-document" data-status={document.status}>
          <FileText aria-hidden className="size-9 shrink-0 rounded bg-muted p-2 text-muted-foreground" />
          <div className="min-w-0 flex-1 space-y-1">
            <p className="truncate" title={document.name}>
              {document.name}
            </p>
            <AttachedStatus document={document} />
          </div>
          <button
            type="button"
            onClick={() => onRemove(document.id)}
            aria-label={`移除「${document.name}」`}
            className="absolute top-1 right-1 rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <X aria-hidden className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
