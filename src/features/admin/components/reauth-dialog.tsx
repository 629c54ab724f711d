"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError, apiFetch } from "@/lib/fetch";
import { adminCopy } from "../copy";

type ReauthDialogProps = { open: boolean; email: string | null; hasMfa: boolean; onDone: (signedIn: boolean) => void };

/** The password again, through the site's own sign-in API (the new session's cookies replace the old). */
export function ReauthDialog({ open, email, hasMfa, onDone }: ReauthDialogProps) {
  const copy = adminCopy.reauth;
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const passwordSignIn = !hasMfa && !!email;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email) return;
    setPending(true);
    setError(null);
    try {
      await apiFetch("/api/auth/signin", { method: "POST", json: { email, password } });
      setPassword("");
      onDone(true);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : copy.failed);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onDone(false)}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{copy.title}</DialogTitle>
            <DialogDescription>{passwordSignIn ? copy.description : copy.signInAgain}</DialogDescription>
          </DialogHeader>
          {passwordSignIn ? (
            <div className="grid gap-2">
              <Label htmlFor="admin-reauth-password">{copy.password}</Label>
              <Input
                id="admin-reauth-password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "admin-reauth-error" : undefined}
              />
              {error ? (
                <p id="admin-reauth-error" className="text-xs text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onDone(false)} disabled={pending}>
              {adminCopy.actions.cancel}
            </Button>
            {passwordSignIn ? (
              <Button type="submit" disabled={pending || !password}>
                {copy.confirm}
              </Button>
            ) : null}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
