"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { authCopy } from "../../copy";
import { CodeField } from "../code-field";
import { useAuth } from "../use-auth";
import { usePendingAction } from "../use-pending-action";
import { checkTotp } from "../validation";
import { totpQrImageSource } from "./totp-qr-image";

const copy = authCopy.settings.mfa;

export type PendingTotp = { factorId: string; qrCode: string; secret: string };

/** The QR code and secret of a new TOTP factor, and the first code that verifies (and enables) it. */
export function MfaEnrollment({ totp, onEnrolled, onCancel }: { totp: PendingTotp; onEnrolled: () => Promise<void>; onCancel: () => void }) {
  const { getClient } = useAuth();
  const { pending, run } = usePendingAction();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = checkTotp(code);
    setError(invalid);
    if (invalid) return;
    void run(async () => {
      const client = await getClient();
      const { error: verifyError } = await client.auth.mfa.challengeAndVerify({ factorId: totp.factorId, code: code.trim() });
      if (verifyError) {
        setCode("");
        throw verifyError;
      }
      await onEnrolled();
    });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 rounded-md border p-4 sm:max-w-md">
      <p className="text-sm text-muted-foreground">{copy.scan}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL, nothing for next/image to optimise */}
      <img src={totpQrImageSource(totp.qrCode)} alt={copy.qrAlt} width={180} height={180} className="rounded-md bg-white p-2" />
      <div className="grid gap-1">
        <span className="text-sm font-medium">{copy.secret}</span>
        <code data-testid="mfa-secret" className="rounded bg-muted px-2 py-1 font-mono text-sm break-all select-all">
          {totp.secret}
        </code>
      </div>
      <CodeField
        label={authCopy.fields.totpCode}
        maxLength={6}
        placeholder={authCopy.placeholders.totp}
        value={code}
        onValueChange={setCode}
        error={error}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {copy.verify}
        </Button>
        <Button type="button" variant="ghost" disabled={pending} onClick={onCancel}>
          {copy.cancel}
        </Button>
      </div>
    </form>
  );
}
