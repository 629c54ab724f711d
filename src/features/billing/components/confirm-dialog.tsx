"use client";

import { ConfirmDialog as SharedConfirmDialog } from "@/components/confirm-dialog";
import { billingCopy } from "../copy";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
};

/** Asks once more before a subscription change (cancel, downgrade); backing out is 保留. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm }: ConfirmDialogProps) {
  return (
    <SharedConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      cancelLabel={billingCopy.billing.keep}
      confirmLabel={confirmLabel}
      onConfirm={() => {
        onConfirm();
        onOpenChange(false);
      }}
    />
  );
}
