"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
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
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => {
        if (pending) return;
        setProblem(null);
        onOpenChange(open);
      }}
      title={emptying ? filesCopy.emptyBucketTitle : filesCopy.deleteBucketTitle}
      description={change ? (emptying ? filesCopy.emptyBucketDescription(change.name) : filesCopy.deleteBucketDescription(change.name)) : null}
      cancelLabel={filesCopy.cancel}
      confirmLabel={pending ? filesCopy.deleting : emptying ? filesCopy.confirmEmpty : filesCopy.confirmDelete}
      pending={pending}
      onConfirm={() => void confirm()}
    >
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
