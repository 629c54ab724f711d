"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { filesCopy } from "../copy";
import { nameProblem } from "../lib/object-names";
import { SingleFieldForm } from "./single-field-form";

type NewFolderDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves true when the folder was made (the dialog then closes). */
  onCreate: (name: string) => Promise<boolean>;
};

/** Asks for a folder name and creates the folder in the current location. */
export function NewFolderDialog({ open, onOpenChange, onCreate }: NewFolderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{filesCopy.newFolder}</DialogTitle>
          <DialogDescription>{filesCopy.newFolderDescription}</DialogDescription>
        </DialogHeader>
        {open ? (
          <SingleFieldForm
            label={filesCopy.folderName}
            validate={nameProblem}
            onSubmit={onCreate}
            onDone={() => onOpenChange(false)}
            submitLabel={filesCopy.create}
            pendingLabel={filesCopy.creating}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
