"use client";

import { Link } from "@/components/link";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { authCopy } from "../../copy";
import { authErrorText } from "../auth-error-text";
import { callbackUrl, SIGN_IN_PATH } from "../auth-paths";
import { FormField } from "../form-field";
import { useAuth } from "../use-auth";
import { checkEmail } from "../validation";

/** Asks for a password-reset mail; its link comes back through /auth/callback?type=recovery. */
export function ForgotPasswordForm() {
  const { getClient } = useAuth();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = checkEmail(email);
    setError(invalid);
    if (invalid) return;
    setPending(true);
    try {
      const client = await getClient();
      // `type=recovery` lets the callback tell a reset link from a sign-up link under the PKCE flow,
      // where the redirect carries only `?code=`.
      const { error: sendError } = await client.auth.resetPasswordForEmail(email.trim(), { redirectTo: callbackUrl("recovery") });
      if (sendError) throw sendError;
      toast({
        variant: "success",
        title: authCopy.toasts.recoveryMailSent,
        description: authCopy.toasts.recoveryMailSentDescription,
        duration: 3000,
      });
    } catch (caught) {
      toast({ variant: "destructive", title: authCopy.toasts.failed, description: authErrorText(caught), duration: 5000 });
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{authCopy.forgot.title}</h1>
        <p className="text-sm text-muted-foreground">{authCopy.forgot.description}</p>
      </div>
      <FormField
        label={authCopy.fields.email}
        type="email"
        autoComplete="email"
        placeholder={authCopy.placeholders.email}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? authCopy.forgot.pending : authCopy.forgot.submit}
      </Button>
      <Link href={SIGN_IN_PATH} className="text-center text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
        {authCopy.forgot.back}
      </Link>
    </form>
  );
}
