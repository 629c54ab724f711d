"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { authCopy } from "../../copy";
import { authErrorText } from "../auth-error-text";
import { CheckInbox } from "./check-inbox";
import { FormField } from "../form-field";
import { NewPasswordFields, useNewPassword } from "../new-password-fields";
import { checkEmail, collectErrors } from "../validation";

type Errors = Partial<Record<"displayName" | "email" | "password" | "confirm", string>>;

/** E-mail sign-up (SPEC §4): registers, says so in a toast and shows where the mail went; its link signs in later. */
export function EmailSignUpForm({ outboxHref = null }: { outboxHref?: string | null }) {
  const [displayName, setDisplayName] = useState("");
  const [email, setEmail] = useState("");
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  /** The address the verification mail went to, once it went. */
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = collectErrors({
      displayName: displayName.trim().length > 50 ? authCopy.validation.displayNameTooLong : null,
      email: checkEmail(email),
      ...newPassword.validate(),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await apiFetch("/api/auth/signup", {
        method: "post",
        json: { type: "email", email: email.trim(), password: newPassword.password, displayName: displayName.trim() || undefined },
      });
      newPassword.clear();
      toast({ variant: "success", title: authCopy.toasts.signUpMailSent, duration: 2000 });
      setSentTo(email.trim());
    } catch (caught) {
      toast({ variant: "destructive", title: authCopy.toasts.failed, description: authErrorText(caught), duration: 5000 });
    } finally {
      setPending(false);
    }
  }

  if (sentTo) return <CheckInbox email={sentTo} outboxHref={outboxHref} onChangeAddress={() => setSentTo(null)} />;

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField
        label={authCopy.fields.displayName}
        autoComplete="nickname"
        maxLength={50}
        value={displayName}
        onChange={(event) => setDisplayName(event.target.value)}
        error={errors.displayName}
      />
      <FormField
        label={authCopy.fields.email}
        type="email"
        autoComplete="email"
        placeholder={authCopy.placeholders.email}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        hint={authCopy.signUp.emailHint}
      />
      <NewPasswordFields state={newPassword} errors={errors} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? authCopy.signUp.pending : authCopy.signUp.submit}
      </Button>
    </form>
  );
}
