"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { filesCopy } from "../copy";

type SingleFieldFormProps = {
  label: string;
  initialValue?: string;
  /** A Chinese message when the value cannot be used, else null. */
  validate: (value: string) => string | null;
  /** Resolves true when the work is done (the dialog then closes); false keeps it open. */
  onSubmit: (value: string) => Promise<boolean>;
  onDone: () => void;
  submitLabel: string;
  pendingLabel: string;
};

/** The body of a dialog that asks for one name or path: input, inline error, cancel and submit. */
export function SingleFieldForm({ label, initialValue = "", validate, onSubmit, onDone, submitLabel, pendingLabel }: SingleFieldFormProps) {
  const [value, setValue] = useState(initialValue);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate(value);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setPending(true);
    const done = await onSubmit(value);
    setPending(false);
    if (done) onDone();
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        <Input
          id={inputId}
          value={value}
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
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
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
