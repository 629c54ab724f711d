"use client";

import { isAuthApiError } from "@supabase/supabase-js";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { authCopy } from "../copy";
import { authErrorText } from "./auth-error-text";
import { FormAlert } from "./form-alert";
import { CodeField } from "./code-field";
import { NewPasswordFields, useNewPassword } from "./new-password-fields";
import { useAuth } from "./use-auth";
import { checkCode, collectErrors } from "./validation";

type Errors = Partial<Record<"password" | "confirm" | "nonce", string>>;

/**
 * New password + confirmation → updateUser. When the auth service wants the user to prove it is
 * them first (`reauthentication_needed`), a code is sent with reauthenticate() and asked for as nonce.
 */
export function NewPasswordForm({ submitLabel, onDone }: { submitLabel: string; onDone?: () => void }) {
  const { getClient } = useAuth();
  const newPassword = useNewPassword();
  const [nonce, setNonce] = useState("");
  const [needsNonce, setNeedsNonce] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = collectErrors({
      ...newPassword.validate(),
      nonce: needsNonce ? checkCode(nonce) : null,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const client = await getClient();
      const { password } = newPassword;
      const { error } = await client.auth.updateUser(needsNonce ? { password, nonce: nonce.trim() } : { password });
      if (isAuthApiError(error) && error.code === "reauthentication_needed") {
        const sent = await client.auth.reauthenticate();
        if (sent.error) throw sent.error;
        setNeedsNonce(true);
        toast({ variant: "success", title: authCopy.reauth.sent, description: authCopy.reauth.hint, duration: 5000 });
        return;
      }
      if (error) throw error;
      newPassword.clear();
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
      <NewPasswordFields
        state={newPassword}
        errors={errors}
        labels={{ password: authCopy.fields.newPassword, confirm: authCopy.fields.confirmNewPassword }}
      />
      {needsNonce ? (
        <>
          <FormAlert tone="info">{authCopy.reauth.hint}</FormAlert>
          <CodeField label={authCopy.fields.nonce} value={nonce} onValueChange={setNonce} error={errors.nonce} />
        </>
      ) : null}
      <Button type="submit" disabled={pending} className="w-full sm:w-fit">
        {pending ? authCopy.reset.pending : submitLabel}
      </Button>
    </form>
  );
}
