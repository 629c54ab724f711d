"use client";

import type { Session, User } from "@supabase/supabase-js";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { authCopy } from "../../copy";
import { authErrorText } from "../auth-error-text";
import { DASHBOARD_PATH } from "../auth-paths";
import { withHumanCheck } from "../captcha/human-check";
import { CodeField } from "../code-field";
import { FormField } from "../form-field";
import { NewPasswordFields, useNewPassword } from "../new-password-fields";
import { useAuth } from "../use-auth";
import { useCountdown } from "../use-countdown";
import { checkCode, checkPhone, collectErrors, normalizePhone } from "../validation";

type Errors = Partial<Record<"phone" | "code" | "password" | "confirm", string>>;
const RESEND_SECONDS = 60;

/** Phone sign-up (SPEC §4): an SMS code proves the number, then the user is signed in at once. */
export function PhoneSignUpForm() {
  const router = useRouter();
  const { getClient, setUser } = useAuth();
  const countdown = useCountdown();
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState(false);

  async function sendCode() {
    const invalid = checkPhone(phone);
    setErrors((current) => ({ ...current, phone: invalid ?? undefined }));
    if (invalid) return;
    setSending(true);
    try {
      const to = normalizePhone(phone);
      // Past a few codes the server wants a human check first: solved here, then sent again.
      await withHumanCheck((captchaToken) => apiFetch("/api/auth/send-phone-code", { method: "post", json: { phone: to, captchaToken } }), setChecking);
      countdown.start(RESEND_SECONDS);
      toast({ variant: "success", title: authCopy.toasts.codeSent, duration: 2000 });
    } catch (caught) {
      toast({ variant: "destructive", title: authCopy.toasts.failed, description: authErrorText(caught), duration: 5000 });
    } finally {
      setSending(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = collectErrors({
      phone: checkPhone(phone),
      code: checkCode(code),
      ...newPassword.validate(),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const answer = await apiFetch<{ user: User; session: Session | null }>("/api/auth/signup", {
        method: "post",
        json: { type: "phone", phone: normalizePhone(phone), password: newPassword.password, code: code.trim() },
      });
      if (answer.session) {
        const client = await getClient();
        const stored = await client.auth.setSession({
          access_token: answer.session.access_token,
          refresh_token: answer.session.refresh_token,
        });
        if (stored.error) throw stored.error;
        setUser(stored.data.user ?? answer.user);
      }
      router.replace(DASHBOARD_PATH);
      toast({ variant: "success", title: authCopy.toasts.phoneSignedUp, duration: 2000 });
    } catch (caught) {
      toast({ variant: "destructive", title: authCopy.toasts.failed, description: authErrorText(caught), duration: 5000 });
    } finally {
      setPending(false);
    }
  }

  const sendLabel = checking
    ? authCopy.signUp.humanCheck
    : sending
      ? authCopy.signUp.sendingCode
      : countdown.seconds > 0
        ? authCopy.signUp.resendIn(countdown.seconds)
        : authCopy.signUp.sendCode;

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField
        label={authCopy.fields.phone}
        type="tel"
        autoComplete="tel"
        placeholder={authCopy.placeholders.phone}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={errors.phone}
        addon={
          <Button type="button" variant="outline" disabled={sending || countdown.seconds > 0} onClick={() => void sendCode()}>
            {sendLabel}
          </Button>
        }
      />
      <CodeField label={authCopy.fields.code} placeholder={authCopy.placeholders.code} value={code} onValueChange={setCode} error={errors.code} />
      <NewPasswordFields state={newPassword} errors={errors} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? authCopy.signUp.pending : authCopy.signUp.submit}
      </Button>
    </form>
  );
}
