"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { adminCopy } from "../copy";
import { useAdminAction } from "./use-admin-action";

type DeleteUserDialogProps = { userId: string; who: string; /** The e-mail or phone to type (the server checks it too). */ expected: string };

/** 删除用户: irreversible, so 删除 stays disabled until the operator types the user's e-mail or phone. */
export function DeleteUserDialog({ userId, who, expected }: DeleteUserDialogProps) {
  const copy = adminCopy.actions;
  const run = useAdminAction();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const matches = typed.trim().toLowerCase() === expected.toLowerCase();
  const confirm = async () => {
    setPending(true);
    try {
      await run(`users/${userId}`, { method: "DELETE", json: { confirm: typed.trim() } }, () => copy.deleted);
      setOpen(false);
      router.push("/admin/users");
    } catch {
      // Toasted by useAdminAction; the dialog stays for another try.
    } finally {
      setPending(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        setTyped("");
      }}
      trigger={<Button variant="destructive">{copy.deleteUser}</Button>}
      title={copy.deleteTitle}
      description={copy.deleteDescription(who)}
      cancelLabel={copy.cancel}
      confirmLabel={copy.deleteConfirm}
      pending={pending}
      confirmDisabled={!matches}
      onConfirm={() => void confirm()}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="delete-confirm">{copy.deleteTypeLabel(expected)}</Label>
        <Input id="delete-confirm" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </div>
    </ConfirmDialog>
  );
}
