"use client";

import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { adminCopy } from "../copy";

type ConfirmActionDialogProps = {
  trigger: ReactNode;
  title: string;
  description: string;
  /** The confirming button's text: the action itself (封禁, 移除 …). */
  confirmLabel: string;
  /** Runs on 确认; the dialog closes when it resolves and stays open (for another try) when it throws. */
  onConfirm: () => Promise<void>;
  destructive?: boolean;
  /** What else the question needs (a warning, a box to tick) and whether it holds the action back. */
  children?: ReactNode;
  confirmDisabled?: boolean;
};

/** Every operator action asks first, naming what will happen (issue 18: destructive actions confirmed). */
export function ConfirmActionDialog({ trigger, title, description, confirmLabel, onConfirm, destructive = false, children, confirmDisabled = false }: ConfirmActionDialogProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // The caller has shown the error; keep the dialog for another try.
    } finally {
      setPending(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !pending && setOpen(next)}
      trigger={trigger}
      title={title}
      description={description}
      cancelLabel={adminCopy.actions.cancel}
      confirmLabel={confirmLabel}
      destructive={destructive}
      pending={pending}
      confirmDisabled={confirmDisabled}
      onConfirm={() => void confirm()}
    >
      {children}
    </ConfirmDialog>
  );
}
