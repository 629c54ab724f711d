"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { filesCopy } from "../copy";
import type { Entry } from "../lib/entries";
import { displayPathOf, keyForTypedPath } from "../lib/paths";
import { SingleFieldForm } from "./single-field-form";

type MoveDialogProps = {
  entry: Entry | null;
  userId: string;
  onOpenChange: (open: boolean) => void;
  /** Resolves true when the move worked (the dialog then closes). */
  onMove: (entry: Entry, toKey: string) => Promise<boolean>;
};

/** Renames or moves a file or a folder by editing its path below the user's folder. */
export function MoveDialog({ entry, userId, onOpenChange, onMove }: MoveDialogProps) {
  const moveTo = async (entry: Entry, typedPath: string) => {
    const parsed = keyForTypedPath(userId, typedPath);
    // validate() has already refused a path that does not parse; an unchanged path is nothing to do.
    if (!parsed.ok || parsed.key === entry.key) return true;
    return onMove(entry, parsed.key);
  };

  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{filesCopy.moveTitle}</DialogTitle>
          <DialogDescription>{filesCopy.moveDescription}</DialogDescription>
        </DialogHeader>
        {entry ? (
          <SingleFieldForm
            key={entry.key}
            label={filesCopy.newPath}
            initialValue={displayPathOf(userId, entry.key)}
            validate={(typedPath) => {
              const parsed = keyForTypedPath(userId, typedPath);
              if (!parsed.ok) return parsed.message;
              return entry.kind === "folder" && parsed.key.startsWith(`${entry.key}/`) ? filesCopy.folderIntoItself : null;
            }}
            onSubmit={(typedPath) => moveTo(entry, typedPath)}
            onDone={() => onOpenChange(false)}
            submitLabel={filesCopy.save}
            pendingLabel={filesCopy.saving}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
