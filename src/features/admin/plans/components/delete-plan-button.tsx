"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog";
import { useAdminAction } from "../../components/use-admin-action";
import { plansCopy as copy } from "../copy";

/** 删除套餐, confirmed; the server refuses the free plan and plans still in use (hide those instead). */
export function DeletePlanButton({ planId, name }: { planId: string; name: string }) {
  const router = useRouter();
  const run = useAdminAction();
  return (
    <ConfirmActionDialog
      trigger={<Button variant="outline">{copy.delete}</Button>}
      title={copy.deleteTitle(name)}
      description={copy.deleteDescription}
      confirmLabel={copy.delete}
      destructive
      onConfirm={async () => {
        await run(`plans/${planId}`, { method: "DELETE" }, () => copy.deleted);
        router.push("/admin/plans");
      }}
    />
  );
}
