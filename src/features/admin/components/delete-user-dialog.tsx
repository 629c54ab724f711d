"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        setTyped("");
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive">{copy.deleteUser}</Button>
      </DialogTrigger>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{copy.deleteTitle}</DialogTitle>
          <DialogDescription>{copy.deleteDescription(who)}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor="delete-confirm">{copy.deleteTypeLabel(expected)}</Label>
          <Input id="delete-confirm" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={pending}>
            {copy.cancel}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={!matches || pending}>
            {copy.deleteConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
