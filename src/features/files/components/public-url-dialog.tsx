"use client";

import type { SupabaseClient } from "@supabase/supabase-js";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/lib/toast";
import { filesCopy } from "../copy";
import { onStorageOrigin } from "@/lib/supabase/storage-origin";
import { useStorageUrl } from "@/lib/supabase/use-storage-origin";
import type { FileEntry } from "../lib/entries";
import { isImageType } from "../lib/limits";

type ResizeMode = "cover" | "contain" | "fill";
type PublicUrlDialogProps = { entry: FileEntry | null; onOpenChange: (open: boolean) => void; supabase: SupabaseClient; bucketId: string };

/** The public URL of a file in a public bucket; images get a live transform preview (width, height, resize). */
export function PublicUrlDialog({ entry, onOpenChange, supabase, bucketId }: PublicUrlDialogProps) {
  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{filesCopy.publicUrlTitle}</DialogTitle>
          <DialogDescription>{filesCopy.publicUrlDescription}</DialogDescription>
        </DialogHeader>
        {entry ? <PublicUrlBody key={entry.key} entry={entry} supabase={supabase} bucketId={bucketId} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function clampDimension(text: string): number | undefined {
  const value = Math.round(Number(text));
  return Number.isFinite(value) && value > 0 ? Math.min(value, 2500) : undefined;
}

function PublicUrlBody({ entry, supabase, bucketId }: { entry: FileEntry; supabase: SupabaseClient; bucketId: string }) {
  const [width, setWidth] = useState("300");
  const [height, setHeight] = useState("200");
  const [resize, setResize] = useState<ResizeMode>("cover");
  const ids = { url: useId(), width: useId(), height: useId(), resize: useId() };
  const files = supabase.storage.from(bucketId);
  const storageUrl = useStorageUrl();
  const plainUrl = onStorageOrigin(files.getPublicUrl(entry.key).data.publicUrl, storageUrl);
  const image = isImageType(entry.mimeType);
  const transform = { width: clampDimension(width), height: clampDimension(height), resize };
  const transformedUrl = image ? onStorageOrigin(files.getPublicUrl(entry.key, { transform }).data.publicUrl, storageUrl) : null;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ variant: "success", title: filesCopy.publicCopied });
    } catch {
      toast({ title: filesCopy.clipboardUnavailable });
    }
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={ids.url}>{filesCopy.linkLabel}</Label>
        <div className="flex gap-2">
          <Input id={ids.url} readOnly value={plainUrl} onFocus={(event) => event.target.select()} />
          <Button variant="outline" onClick={() => void copy(plainUrl)}>
            {filesCopy.copyLink}
          </Button>
        </div>
      </div>
      {transformedUrl ? (
        <fieldset className="grid gap-3 rounded-lg border p-3">
          <legend className="px-1 text-sm font-medium">{filesCopy.transformTitle}</legend>
          <div className="grid grid-cols-3 gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.width}>{filesCopy.width}</Label>
              <Input id={ids.width} type="number" min={1} max={2500} value={width} onChange={(e) => setWidth(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.height}>{filesCopy.height}</Label>
              <Input id={ids.height} type="number" min={1} max={2500} value={height} onChange={(e) => setHeight(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.resize}>{filesCopy.resize}</Label>
              <NativeSelect id={ids.resize} value={resize} onChange={(e) => setResize(e.target.value as ResizeMode)}>
                {(Object.keys(filesCopy.resizeModes) as ResizeMode[]).map((mode) => (
                  <option key={mode} value={mode}>
                    {filesCopy.resizeModes[mode]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div className="flex gap-2">
            <Input aria-label="转换后的链接" readOnly value={transformedUrl} onFocus={(event) => event.target.select()} />
            <Button variant="outline" onClick={() => void copy(transformedUrl)}>
              {filesCopy.copyLink}
            </Button>
          </div>
          <div className="flex justify-center rounded-md bg-muted/50 p-2">
            {/* eslint-disable-next-line @next/next/no-img-element -- a Storage render URL, shown as is */}
            <img src={transformedUrl} alt={filesCopy.previewAlt(entry.name)} className="max-h-80 max-w-full" />
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
