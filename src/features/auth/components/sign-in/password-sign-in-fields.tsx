"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { authCopy } from "../../copy";
import { FormField } from "../form-field";
import { checkEmail, checkPhone, collectErrors, normalizePhone } from "../validation";

export type SignInCredentials = { email: string; password: string } | { phone: string; password: string };

type Props = {
  kind: "email" | "phone";
  pending: boolean;
  onSubmit: (credentials: SignInCredentials) => void;
  /** Values to start from (the demo account's one-click fill). */
  initialValues?: { identifier: string; password: string };
};

/** One tab of the sign-in form: e-mail or phone, and the password. */
export function PasswordSignInFields({ kind, pending, onSubmit, initialValues }: Props) {
  const [identifier, setIdentifier] = useState(initialValues?.identifier ?? "");
  const [password, setPassword] = useState(initialValues?.password ?? "");
  const [errors, setErrors] = useState<{ identifier?: string; password?: string }>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = collectErrors({
      identifier: kind === "email" ? checkEmail(identifier) : checkPhone(identifier),
      password: password ? null : authCopy.validation.passwordRequired,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(kind === "email" ? { email: identifier.trim(), password } : { phone: normalizePhone(identifier), password });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {kind === "email" ? (
        <FormField
          label={authCopy.fields.email}
          type="email"
          autoComplete="email"
          placeholder={authCopy.placeholders.email}
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
          error={errors.identifier}
        />
      ) : (
        <FormField
          label={authCopy.fields.phone}
          type="tel"
          autoComplete="tel"
          placeholder={authCopy.placeholders.phone}
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
          error={errors.identifier}
        />
      )}
      <FormField
        label={authCopy.fields.password}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? authCopy.signIn.pending : authCopy.signIn.submit}
      </Button>
    </form>
  );
}
