"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { filesCopy } from "../copy";
import type { Entry } from "../lib/entries";

type DeleteEntryDialogProps = {
  entry: Entry | null;
  onOpenChange: (open: boolean) => void;
  /** Resolves true when the entry was deleted (the dialog then closes). */
  onConfirm: (entry: Entry) => Promise<boolean>;
};

/** Asks before a file, or a folder with everything in it, is deleted for good. */
export function DeleteEntryDialog({ entry, onOpenChange, onConfirm }: DeleteEntryDialogProps) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    if (!entry) return;
    setPending(true);
    const deleted = await onConfirm(entry);
    setPending(false);
    if (deleted) onOpenChange(false);
  };
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !pending && onOpenChange(open)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{filesCopy.deleteTitle}</DialogTitle>
          <DialogDescription>
            {entry ? (entry.kind === "folder" ? filesCopy.deleteFolder(entry.name) : filesCopy.deleteFile(entry.name)) : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {filesCopy.cancel}
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={pending} onClick={() => void confirm()}>
            {pending ? filesCopy.deleting : filesCopy.confirmDelete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
