"use client";

import { isAuthApiError } from "@supabase/supabase-js";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { authCopy } from "../copy";
import { authErrorText } from "./auth-error-text";
import { FormAlert } from "./form-alert";
import { FormField } from "./form-field";
import { useAuth } from "./use-auth";
import { checkCode, checkPassword, checkPasswordConfirmation, collectErrors } from "./validation";

type Errors = Partial<Record<"password" | "confirm" | "nonce", string>>;

/**
 * New password + confirmation → updateUser. When the auth service wants the user to prove it is
 * them first (`reauthentication_needed`), a code is sent with reauthenticate() and asked for as nonce.
 */
export function NewPasswordForm({ submitLabel, onDone }: { submitLabel: string; onDone?: () => void }) {
  const { getClient } = useAuth();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [nonce, setNonce] = useState("");
  const [needsNonce, setNeedsNonce] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = collectErrors({
      password: checkPassword(password),
      confirm: checkPasswordConfirmation(password, confirm),
      nonce: needsNonce ? checkCode(nonce) : null,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const client = await getClient();
      const { error } = await client.auth.updateUser(needsNonce ? { password, nonce: nonce.trim() } : { password });
      if (isAuthApiError(error) && error.code === "reauthentication_needed") {
        const sent = await client.auth.reauthenticate();
        if (sent.error) throw sent.error;
        setNeedsNonce(true);
        toast({ variant: "success", title: authCopy.reauth.sent, description: authCopy.reauth.hint, duration: 5000 });
        return;
      }
      if (error) throw error;
      setPassword("");
      setConfirm("");
      setNonce("");
      setNeedsNonce(false);
      toast({ variant: "success", title: authCopy.toasts.passwordUpdated, duration: 2000 });
      onDone?.();
    } catch (caught) {
      toast({ variant: "destructive", title: authCopy.toasts.failed, description: authErrorText(caught), duration: 5000 });
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField
        label={authCopy.fields.newPassword}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <FormField
        label={authCopy.fields.confirmNewPassword}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={errors.confirm}
      />
      {needsNonce ? (
        <>
          <FormAlert tone="info">{authCopy.reauth.hint}</FormAlert>
          <FormField
            label={authCopy.fields.nonce}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={10}
            value={nonce}
            onChange={(event) => setNonce(event.target.value.replace(/\D/g, ""))}
            error={errors.nonce}
          />
        </>
      ) : null}
      <Button type="submit" disabled={pending} className="w-full sm:w-fit">
        {pending ? authCopy.reset.pending : submitLabel}
      </Button>
    </form>
  );
}
