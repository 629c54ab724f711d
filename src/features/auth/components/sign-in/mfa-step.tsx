"use client";

import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { authCopy } from "../../copy";
import { authErrorText } from "../auth-error-text";
import { FormAlert } from "../form-alert";
import { CodeField } from "../code-field";
import { useAuth } from "../use-auth";
import { checkTotp } from "../validation";

type Props = { onVerified: () => Promise<void>; onCancel: () => void };

/** The second sign-in step for users with a verified TOTP factor: raises the session to aal2. */
export function MfaStep({ onVerified, onCancel }: Props) {
  const { getClient } = useAuth();
  const [factorId, setFactorId] = useState<string | null | undefined>(undefined);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void getClient()
      .then((client) => client.auth.mfa.listFactors())
      .then(({ data }) => {
        if (!cancelled) setFactorId(data?.totp.find((factor) => factor.status === "verified")?.id ?? null);
      })
      .catch(() => {
        if (!cancelled) setFactorId(null);
      });
    return () => {
      cancelled = true;
    };
  }, [getClient]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = checkTotp(code);
    if (invalid || !factorId) {
      setError(invalid ?? authCopy.mfa.noFactor);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const client = await getClient();
      const { error: verifyError } = await client.auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
      if (verifyError) throw verifyError;
      await onVerified();
    } catch (caught) {
      setError(authErrorText(caught));
      setCode("");
    } finally {
      setPending(false);
    }
  }

  async function cancel() {
    // Leave no half-verified (aal1) session behind.
    const client = await getClient();
    await client.auth.signOut({ scope: "local" });
    onCancel();
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{authCopy.mfa.title}</h1>
        <p className="text-sm text-muted-foreground">{authCopy.mfa.description}</p>
      </div>
      {factorId === null ? <FormAlert>{authCopy.mfa.noFactor}</FormAlert> : null}
      <CodeField
        label={authCopy.fields.totpCode}
        maxLength={6}
        placeholder={authCopy.placeholders.totp}
        value={code}
        onValueChange={setCode}
        error={error}
        autoFocus
      />
      <div className="grid gap-2">
        <Button type="submit" disabled={pending || !factorId}>
          {pending ? authCopy.mfa.pending : authCopy.mfa.submit}
        </Button>
        <Button type="button" variant="ghost" disabled={pending} onClick={() => void cancel()}>
          {authCopy.mfa.cancel}
        </Button>
      </div>
    </form>
  );
}
