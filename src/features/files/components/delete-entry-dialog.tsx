"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
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
    <ConfirmDialog
      open={entry !== null}
      onOpenChange={(open) => !pending && onOpenChange(open)}
      title={filesCopy.deleteTitle}
      description={entry ? (entry.kind === "folder" ? filesCopy.deleteFolder(entry.name) : filesCopy.deleteFile(entry.name)) : null}
      cancelLabel={filesCopy.cancel}
      confirmLabel={pending ? filesCopy.deleting : filesCopy.confirmDelete}
      pending={pending}
      onConfirm={() => void confirm()}
    />
  );
}
