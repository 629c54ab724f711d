"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { filesCopy } from "../copy";
import { nameProblem } from "../lib/object-names";

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
        {open ? <NewFolderForm onCreate={onCreate} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NewFolderForm({ onCreate, onDone }: { onCreate: NewFolderDialogProps["onCreate"]; onDone: () => void }) {
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = nameProblem(name);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setPending(true);
    const created = await onCreate(name);
    setPending(false);
    if (created) onDone();
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{filesCopy.folderName}</Label>
        <Input
          id={inputId}
          value={name}
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
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
          {pending ? filesCopy.creating : filesCopy.create}
        </Button>
      </DialogFooter>
    </form>
  );
}
