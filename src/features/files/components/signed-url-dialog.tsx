"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { filesCopy } from "../copy";
import { FileActionError } from "../hooks/use-file-actions";
import type { FileEntry } from "../lib/entries";
import { storageErrorText } from "../lib/error-text";
import { DEFAULT_LIFETIME_SECONDS, SIGNED_URL_LIFETIMES } from "../lib/lifetimes";

type SignedUrlDialogProps = {
  entry: FileEntry | null;
  onOpenChange: (open: boolean) => void;
  createUrl: (entry: FileEntry, seconds: number) => Promise<string>;
};

/** Makes a signed download URL with the chosen lifetime and copies it to the clipboard. */
export function SignedUrlDialog({ entry, onOpenChange, createUrl }: SignedUrlDialogProps) {
  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{filesCopy.signedUrlTitle}</DialogTitle>
          <DialogDescription>{filesCopy.signedUrlDescription}</DialogDescription>
        </DialogHeader>
        {entry ? <SignedUrlForm key={entry.key} entry={entry} createUrl={createUrl} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SignedUrlForm({ entry, createUrl }: { entry: FileEntry; createUrl: SignedUrlDialogProps["createUrl"] }) {
  const [seconds, setSeconds] = useState(DEFAULT_LIFETIME_SECONDS);
  const [pending, setPending] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  // Said inside the dialog, not in a toast: a toast opened over the dialog would take its Escape and
  // sit outside what a screen reader can reach while the dialog is modal.
  const [notice, setNotice] = useState<{ failed: boolean; text: string } | null>(null);
  const lifetimeId = useId();
  const linkId = useId();
  const lifetime = SIGNED_URL_LIFETIMES.find((option) => option.seconds === seconds)!;

  const copy = async () => {
    if (pending) return;
    setPending(true);
    try {
      const signed = await createUrl(entry, seconds);
      setUrl(signed);
      try {
        await navigator.clipboard.writeText(signed);
        setNotice({ failed: false, text: `${filesCopy.copied}，${filesCopy.copiedExpires(lifetime.label)}` });
      } catch {
        setNotice({ failed: false, text: filesCopy.clipboardUnavailable });
      }
    } catch (error) {
      const description = error instanceof FileActionError ? error.message : storageErrorText(error);
      setNotice({ failed: true, text: `${filesCopy.copyFailed}：${description}` });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm break-all">{entry.name}</p>
      <div className="grid gap-2">
        <Label htmlFor={lifetimeId}>{filesCopy.lifetime}</Label>
        <NativeSelect id={lifetimeId} value={seconds} onChange={(event) => setSeconds(Number(event.target.value))}>
          {SIGNED_URL_LIFETIMES.map((option) => (
            <option key={option.seconds} value={option.seconds}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {url ? (
        <div className="grid gap-2">
          <Label htmlFor={linkId}>{filesCopy.linkLabel}</Label>
          {/* Focus moves to the new link (selected), so it stays in the dialog and Esc closes the dialog. */}
          <Input id={linkId} readOnly autoFocus value={url} onFocus={(event) => event.target.select()} />
        </div>
      ) : null}
      {notice ? (
        <p role={notice.failed ? "alert" : "status"} className={notice.failed ? "text-sm text-destructive" : "text-sm text-success"}>
          {notice.text}
        </p>
      ) : null}
      <DialogFooter>
        {/* aria-disabled, not disabled: a disabled button drops focus out of the dialog while it works. */}
        <Button onClick={() => void copy()} aria-disabled={pending}>
          {pending ? filesCopy.copying : filesCopy.copyLink}
        </Button>
      </DialogFooter>
    </div>
  );
}
