"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog has one (else the caller opens it). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** The button that backs out (取消, 保留 …); it closes the dialog through `onOpenChange(false)`. */
  cancelLabel: string;
  /** The confirming button's text: the action itself (确认删除, 封禁 …). */
  confirmLabel: ReactNode;
  onConfirm: () => void;
  /** A red confirming button (default); `false` for actions that lose nothing. */
  destructive?: boolean;
  /** The action is running: both buttons wait. */
  pending?: boolean;
  /** Only the confirming button waits (until something is typed, or while it runs). */
  confirmDisabled?: boolean;
  /** What else the question needs: a field to type into, the last attempt's problem. */
  children?: ReactNode;
};

/**
 * The one 「are you sure?」 dialog: a title naming what happens, a description, 取消 and the action.
 * An alertdialog (Radix: focus trapped, Esc and 取消 close it); closing while an action runs is the
 * caller's to refuse in `onOpenChange`.
 */
export function ConfirmDialog({ open, onOpenChange, trigger, title, description, cancelLabel, confirmLabel, onConfirm, destructive = true, pending = false, confirmDisabled = false, children }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={pending}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button type="button" variant={destructive ? "destructive" : "default"} disabled={pending || confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
