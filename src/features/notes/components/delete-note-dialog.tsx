"use client";

import { ConfirmDialog } from "@/components/confirm-dialog";
import { notesCopy } from "../copy";
import type { NoteView } from "../schemas";

type DeleteNoteDialogProps = { note: NoteView | null; onOpenChange: (open: boolean) => void; onConfirm: (note: NoteView) => void };

/** Asks before a note is deleted for good. */
export function DeleteNoteDialog({ note, onOpenChange, onConfirm }: DeleteNoteDialogProps) {
  return (
    <ConfirmDialog
      open={note !== null}
      onOpenChange={onOpenChange}
      title={notesCopy.deleteTitle}
      description={note ? notesCopy.deleteDescription(note.title) : null}
      cancelLabel={notesCopy.cancel}
      confirmLabel={notesCopy.confirmDelete}
      onConfirm={() => {
        if (note) onConfirm(note);
        onOpenChange(false);
      }}
    />
  );
}
