"use client";

import type { User } from "@supabase/supabase-js";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { authCopy } from "../../copy";
import { CodeField } from "../code-field";
import { FormField } from "../form-field";
import { useAuth } from "../use-auth";
import { useCountdown } from "../use-countdown";
import { usePendingAction } from "../use-pending-action";
import { checkCode, checkPhone, normalizePhone } from "../validation";
import { SettingsCard } from "./settings-card";

const copy = authCopy.settings.phone;
const RESEND_SECONDS = 60;

/** GoTrue stores phones without "+"; compare both forms. */
const samePhone = (a: string | undefined, b: string) => Boolean(a) && a!.replace(/^\+/, "") === b.replace(/^\+/, "");

/**
 * A verified phone may be what an invitation waits for (the console's 验证手机号 trigger): the app is
 * told at once. A bonus: its failure is not the user's concern, the billing page settles it later too.
 */
function phoneVerified() {
  void apiFetch("/api/invitations/settle", { method: "post" }).catch(() => undefined);
}

/** Changing the phone: updateUser sends an SMS code to the new number, verifyOtp(phone_change) applies it. */
export function PhoneSection({ user }: { user: User }) {
  const { getClient, setUser } = useAuth();
  const sending = usePendingAction();
  const verifying = usePendingAction();
  const countdown = useCountdown();
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});

  function sendCode() {
    const next = normalizePhone(phone);
    const invalid = checkPhone(phone) ?? (samePhone(user.phone, next) ? copy.same : null);
    setErrors({ phone: invalid ?? undefined });
    if (invalid) return;
    void sending.run(async () => {
      const client = await getClient();
      const { data, error } = await client.auth.updateUser({ phone: next });
      if (error) throw error;
      setUser(data.user);
      if (samePhone(data.user.phone, next)) {
        // The service confirmed the number right away (SMS autoconfirm): nothing to verify.
        phoneVerified();
        setPhone("");
        toast({ variant: "success", title: copy.updated, duration: 2000 });
        return;
      }
      setCodeSentTo(next);
      countdown.start(RESEND_SECONDS);
      toast({ variant: "success", title: authCopy.toasts.codeSent, duration: 2000 });
    });
  }

  function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = checkCode(code);
    setErrors({ code: invalid ?? undefined });
    if (invalid || !codeSentTo) return;
    void verifying.run(async () => {
      const client = await getClient();
      const { data, error } = await client.auth.verifyOtp({ phone: codeSentTo, token: code.trim(), type: "phone_change" });
      if (error) throw error;
      if (data.user) setUser(data.user);
      phoneVerified();
      setPhone("");
      setCode("");
      setCodeSentTo(null);
      toast({ variant: "success", title: copy.updated, duration: 2000 });
    });
  }

  const sendLabel = countdown.seconds > 0 ? authCopy.signUp.resendIn(countdown.seconds) : copy.sendCode;

  return (
    <SettingsCard id="phone" title={copy.title} description={copy.description}>
      <form noValidate onSubmit={verify} className="grid gap-4 sm:max-w-md">
        <p className="text-sm">
          {copy.current}
          <span className="font-medium">{user.phone ? `+${user.phone.replace(/^\+/, "")}` : copy.none}</span>
        </p>
        <FormField
          label={copy.newPhone}
          type="tel"
          autoComplete="tel"
          placeholder={authCopy.placeholders.phone}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={errors.phone}
          addon={
            <Button type="button" variant="outline" disabled={sending.pending || countdown.seconds > 0} onClick={sendCode}>
              {sending.pending ? authCopy.signUp.sendingCode : sendLabel}
            </Button>
          }
        />
        {codeSentTo ? (
          <>
            <CodeField label={authCopy.fields.code} placeholder={authCopy.placeholders.code} value={code} onValueChange={setCode} error={errors.code} />
            <Button type="submit" disabled={verifying.pending} className="w-fit">
              {verifying.pending ? copy.verifying : copy.verify}
            </Button>
          </>
        ) : null}
      </form>
    </SettingsCard>
  );
}
