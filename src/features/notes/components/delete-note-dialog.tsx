"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { notesCopy } from "../copy";
import type { NoteView } from "../schemas";

type DeleteNoteDialogProps = { note: NoteView | null; onOpenChange: (open: boolean) => void; onConfirm: (note: NoteView) => void };

/** Asks before a note is deleted for good. */
export function DeleteNoteDialog({ note, onOpenChange, onConfirm }: DeleteNoteDialogProps) {
  return (
    <Dialog open={note !== null} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{notesCopy.deleteTitle}</DialogTitle>
          <DialogDescription>{note ? notesCopy.deleteDescription(note.title) : null}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{notesCopy.cancel}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              if (note) onConfirm(note);
              onOpenChange(false);
            }}
          >
            {notesCopy.confirmDelete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
