"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { adminCopy } from "../copy";
import { useAdminAction } from "./use-admin-action";

/** 邀请用户 (an e-mail) or 创建用户 (e-mail or phone, a password, confirmed or not), on the users page. */
export function NewUserDialog({ mode }: { mode: "invite" | "create" }) {
  const copy = adminCopy.newUser;
  const run = useAdminAction();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [password, setPassword] = useState("");
  const [confirmed, setConfirmed] = useState(true);
  const reset = () => {
    setEmail("");
    setPhone("");
    setPassword("");
    setConfirmed(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      if (mode === "invite") {
        await run("users/invite", { method: "POST", json: { email: email.trim() } }, () => copy.invited(email.trim()));
      } else {
        const account = email.trim() ? { email: email.trim() } : { phone: phone.trim() };
        await run("users", { method: "POST", json: { ...account, password, confirmed } }, () => copy.created);
      }
      setOpen(false);
      reset();
    } catch {
      // Toasted by useAdminAction; keep what was typed for another try.
    } finally {
      setPending(false);
    }
  };
  const invite = mode === "invite";
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant={invite ? "outline" : "default"}>{invite ? copy.invite : copy.create}</Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{invite ? copy.inviteTitle : copy.createTitle}</DialogTitle>
            <DialogDescription>{invite ? copy.inviteDescription : copy.createDescription}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={`${mode}-email`}>{copy.email}</Label>
            <Input id={`${mode}-email`} type="email" required={invite} value={email} onChange={(event) => setEmail(event.target.value)} disabled={!invite && phone.trim() !== ""} />
          </div>
          {invite ? null : (
            <>
              <div className="grid gap-1.5">
                <Label htmlFor="create-phone">{copy.phone}</Label>
                <Input id="create-phone" type="tel" value={phone} onChange={(event) => setPhone(event.target.value)} disabled={email.trim() !== ""} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="create-password">{copy.password}</Label>
                <Input id="create-password" type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(event) => setPassword(event.target.value)} />
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} className="size-4" />
                {copy.confirmed}
              </label>
            </>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              {adminCopy.actions.cancel}
            </Button>
            <Button type="submit" disabled={pending || (!invite && !email.trim() && !phone.trim())}>
              {invite ? copy.submitInvite : copy.submitCreate}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
