"use client";

import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog";
import { useAdminAction } from "../../components/use-admin-action";
import { sessionsCopy as copy } from "../copy";

/** 退出所有设备, confirmed first: ends every session of the user. */
export function SignOutEverywhereButton({ userId, who }: { userId: string; who: string }) {
  const run = useAdminAction();
  return (
    <ConfirmActionDialog
      destructive
      trigger={<Button variant="outline">{copy.signOut}</Button>}
      title={copy.signOutTitle}
      description={copy.signOutDescription(who)}
      confirmLabel={copy.signOut}
      onConfirm={async () => void (await run<{ ended: number }>(`users/${userId}/sign-out`, { method: "POST", json: {} }, (result) => copy.signedOut(result.ended)))}
    />
  );
}
