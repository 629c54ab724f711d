"use client";

import { Button } from "@/components/ui/button";
import { adminCopy } from "../copy";
import { ConfirmActionDialog } from "./confirm-action-dialog";
import { useAdminAction } from "./use-admin-action";

/** 移除 beside one MFA factor (a user who lost their authenticator), confirmed first. */
export function RemoveFactorButton({ userId, factorId, name }: { userId: string; factorId: string; name: string }) {
  const copy = adminCopy.actions;
  const run = useAdminAction();
  return (
    <ConfirmActionDialog
      destructive
      trigger={
        <Button variant="outline" size="sm">
          {copy.removeFactor}
        </Button>
      }
      title={copy.removeFactorTitle}
      description={copy.removeFactorDescription(name)}
      confirmLabel={copy.removeFactor}
      onConfirm={async () => void (await run(`users/${userId}/factors/${factorId}`, { method: "DELETE" }, () => copy.factorRemoved))}
    />
  );
}
