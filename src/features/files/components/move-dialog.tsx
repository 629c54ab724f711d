"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { filesCopy } from "../copy";
import type { FileEntry } from "../lib/entries";
import { displayPathOf, keyForTypedPath } from "../lib/paths";

type MoveDialogProps = {
  entry: FileEntry | null;
  userId: string;
  onOpenChange: (open: boolean) => void;
  /** Resolves true when the move worked (the dialog then closes). */
  onMove: (entry: FileEntry, toKey: string) => Promise<boolean>;
};

/** Renames or moves a file by editing its path below the user's folder. */
export function MoveDialog({ entry, userId, onOpenChange, onMove }: MoveDialogProps) {
  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{filesCopy.moveTitle}</DialogTitle>
          <DialogDescription>{filesCopy.moveDescription}</DialogDescription>
        </DialogHeader>
        {entry ? <MoveForm key={entry.key} entry={entry} userId={userId} onMove={onMove} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MoveForm({ entry, userId, onMove, onDone }: { entry: FileEntry; userId: string; onMove: MoveDialogProps["onMove"]; onDone: () => void }) {
  const [path, setPath] = useState(() => displayPathOf(userId, entry.key));
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = keyForTypedPath(userId, path);
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    if (parsed.key === entry.key) {
      onDone();
      return;
    }
    setPending(true);
    const moved = await onMove(entry, parsed.key);
    setPending(false);
    if (moved) onDone();
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{filesCopy.newPath}</Label>
        <Input
          id={inputId}
          value={path}
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setPath(event.target.value);
            setProblem(null);
          }}
        />
        {problem ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {filesCopy.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? filesCopy.saving : filesCopy.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
