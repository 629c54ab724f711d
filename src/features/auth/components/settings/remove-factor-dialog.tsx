"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { authCopy } from "../../copy";
import { useAuth } from "../use-auth";
import { usePendingAction } from "../use-pending-action";

const copy = authCopy.settings.mfa;

/** 移除 with a confirmation step: removing a factor weakens the account. */
export function RemoveFactorDialog({ factorId, name, onRemoved }: { factorId: string; name: string; onRemoved: () => Promise<void> }) {
  const { getClient } = useAuth();
  const { pending, run } = usePendingAction();
  const [open, setOpen] = useState(false);

  function remove() {
    void run(async () => {
      const client = await getClient();
      const { error } = await client.auth.mfa.unenroll({ factorId });
      if (error) throw error;
      setOpen(false);
      await onRemoved();
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" aria-label={copy.removeLabel(name)}>
          {copy.remove}
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{copy.confirmTitle}</DialogTitle>
          <DialogDescription>{copy.confirmDescription}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={pending}>
              {copy.cancel}
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" disabled={pending} onClick={remove}>
            {copy.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
