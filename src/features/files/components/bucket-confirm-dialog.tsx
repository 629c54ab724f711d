"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { filesCopy } from "../copy";

export type BucketChange = { kind: "empty" | "delete"; id: string; name: string };

/** Asks before a bucket is emptied or deleted for good. */
export function BucketConfirmDialog({
  change,
  onOpenChange,
  onConfirm,
}: {
  change: BucketChange | null;
  onOpenChange: (open: boolean) => void;
  /** Resolves null when done (the dialog then closes), else the problem to show. */
  onConfirm: (change: BucketChange) => Promise<string | null>;
}) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const emptying = change?.kind === "empty";
  const confirm = async () => {
    if (!change) return;
    setPending(true);
    const failure = await onConfirm(change);
    setPending(false);
    setProblem(failure);
    if (!failure) onOpenChange(false);
  };
  return (
    <Dialog
      open={change !== null}
      onOpenChange={(open) => {
        if (pending) return;
        setProblem(null);
        onOpenChange(open);
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{emptying ? filesCopy.emptyBucketTitle : filesCopy.deleteBucketTitle}</DialogTitle>
          <DialogDescription>{change ? (emptying ? filesCopy.emptyBucketDescription(change.name) : filesCopy.deleteBucketDescription(change.name)) : null}</DialogDescription>
        </DialogHeader>
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {filesCopy.cancel}
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={pending} onClick={() => void confirm()}>
            {pending ? filesCopy.deleting : emptying ? filesCopy.confirmEmpty : filesCopy.confirmDelete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
