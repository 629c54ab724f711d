"use client";

import { Upload } from "lucide-react";
import { useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { filesCopy } from "../copy";

type UploadZoneProps = { rules: string; onFiles: (files: File[]) => void; disabled?: boolean };

/**
 * Where files are dropped or picked. The whole zone is one button (click, Enter or Space open the
 * picker), so uploading never needs a mouse and nothing interactive is nested in it; the hidden input
 * (outside the zone, so its click does not bubble back) is what tests drive with `setInputFiles`.
 */
export function UploadZone({ rules, onFiles, disabled }: UploadZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const pick = () => input.current?.click();
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      pick();
    }
  };

  return (
    <>
      <div
        role="button"
        tabIndex={disabled ? -1 : 0}
        // Named by its visible text (title and hint), so voice control finds it by the words on screen:
        // an aria-label that differs from them is what axe's label-content-name-mismatch reports.
        aria-disabled={disabled || undefined}
        data-testid="upload-drop-zone"
        onKeyDown={onKeyDown}
        onClick={() => {
          if (!disabled) pick();
        }}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
          dragging ? "border-primary bg-primary/5" : "border-border",
          disabled && "opacity-50",
        )}
      >
        <Upload aria-hidden className="pointer-events-none size-6 text-muted-foreground" />
        <p className="pointer-events-none font-medium">{filesCopy.dropZoneTitle}</p>
        <p className="pointer-events-none text-xs text-muted-foreground">
          {filesCopy.dropZoneHint(rules)}
        </p>
        <span aria-hidden className={buttonVariants({ variant: "outline", size: "sm", className: "pointer-events-none" })}>
          {filesCopy.pickFiles}
        </span>
      </div>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="upload-input"
        aria-label={filesCopy.pickFiles}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = ""; // picking the same file again should upload it again
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
