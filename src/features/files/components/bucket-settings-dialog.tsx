"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { filesCopy } from "../copy";
import { bucketOptions, checkBucketSettings, type BucketOptions, type BucketSettingsInput, type BucketSettingsProblems } from "../lib/bucket-settings";

type BucketSettingsDialogProps = {
  /** null: closed; `creating`: a new bucket; otherwise the bucket's current settings. */
  editing: { creating: boolean; initial: BucketSettingsInput } | null;
  onOpenChange: (open: boolean) => void;
  /** Resolves null when saved (the dialog then closes), else the problem to show. */
  onSave: (name: string, options: BucketOptions) => Promise<string | null>;
};

const blank: BucketSettingsInput = { name: "", isPublic: false, sizeLimitMb: "", mimeTypes: "" };
export const newBucketSettings = { creating: true, initial: blank };

/** Creates a bucket of the user's own, or changes one: public or not, size limit, allowed types. */
export function BucketSettingsDialog({ editing, onOpenChange, onSave }: BucketSettingsDialogProps) {
  return (
    <Dialog open={editing !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing?.creating ? filesCopy.newBucket : filesCopy.bucketSettings(editing?.initial.name ?? "")}</DialogTitle>
          <DialogDescription>{filesCopy.newBucketDescription}</DialogDescription>
        </DialogHeader>
        {editing ? <BucketSettingsForm key={editing.initial.name} creating={editing.creating} initial={editing.initial} onSave={onSave} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BucketSettingsForm({ creating, initial, onSave, onDone }: { creating: boolean; initial: BucketSettingsInput; onSave: BucketSettingsDialogProps["onSave"]; onDone: () => void }) {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<BucketSettingsProblems>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { name: useId(), isPublic: useId(), size: useId(), types: useId() };
  const set = (changes: Partial<BucketSettingsInput>) => setValues((current) => ({ ...current, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkBucketSettings(values, creating);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    const problem = await onSave(values.name.trim(), bucketOptions(values));
    setPending(false);
    setFailure(problem);
    if (!problem) onDone();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      {creating ? (
        <Field id={ids.name} label={filesCopy.bucketName} problem={problems.name}>
          <Input id={ids.name} value={values.name} autoComplete="off" onChange={(event) => set({ name: event.target.value })} aria-invalid={Boolean(problems.name)} />
        </Field>
      ) : null}
      <div className="flex items-center gap-2">
        <input id={ids.isPublic} type="checkbox" className="size-4 accent-primary" checked={values.isPublic} onChange={(event) => set({ isPublic: event.target.checked })} />
        <Label htmlFor={ids.isPublic}>{filesCopy.bucketPublic}</Label>
      </div>
      <Field id={ids.size} label={filesCopy.bucketSizeLimit} problem={problems.sizeLimitMb}>
        <Input id={ids.size} inputMode="decimal" value={values.sizeLimitMb} onChange={(event) => set({ sizeLimitMb: event.target.value })} aria-invalid={Boolean(problems.sizeLimitMb)} />
      </Field>
      <Field id={ids.types} label={filesCopy.bucketMimeTypes} problem={problems.mimeTypes}>
        <Input id={ids.types} value={values.mimeTypes} onChange={(event) => set({ mimeTypes: event.target.value })} aria-invalid={Boolean(problems.mimeTypes)} />
      </Field>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            {filesCopy.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? (creating ? filesCopy.creating : filesCopy.saving) : creating ? filesCopy.create : filesCopy.save}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Field({ id, label, problem, children }: { id: string; label: string; problem?: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
