"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
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
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline" size="sm" aria-label={copy.removeLabel(name)}>
          {copy.remove}
        </Button>
      }
      title={copy.confirmTitle}
      description={copy.confirmDescription}
      cancelLabel={copy.cancel}
      confirmLabel={copy.confirm}
      pending={pending}
      onConfirm={remove}
    />
  );
}
