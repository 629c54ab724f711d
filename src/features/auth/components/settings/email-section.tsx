"use client";

import type { User } from "@supabase/supabase-js";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { authCopy } from "../../copy";
import { callbackUrl } from "../auth-paths";
import { FormField } from "../form-field";
import { useAuth } from "../use-auth";
import { usePendingAction } from "../use-pending-action";
import { checkEmail } from "../validation";
import { SettingsCard } from "./settings-card";

const copy = authCopy.settings.email;

/** Changing the e-mail sends a confirmation link; the address changes only once it is clicked. */
export function EmailSection({ user }: { user: User }) {
  const { getClient, setUser } = useAuth();
  const { pending, run } = usePendingAction();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = email.trim().toLowerCase();
    const invalid = checkEmail(next) ?? (next === user.email?.toLowerCase() ? copy.same : null);
    setError(invalid);
    if (invalid) return;
    void run(async () => {
      const client = await getClient();
      const { data, error: updateError } = await client.auth.updateUser(
        { email: next },
        { emailRedirectTo: callbackUrl("email_change") },
      );
      if (updateError) throw updateError;
      setUser(data.user);
      setEmail("");
      toast({ variant: "success", title: copy.sent, description: copy.sentDescription, duration: 5000 });
    });
  }

  return (
    <SettingsCard id="email" title={copy.title} description={copy.description}>
      <div className="grid gap-4 sm:max-w-md">
        <p className="text-sm">
          {copy.current}
          <span className="font-medium">{user.email || copy.none}</span>
          {user.email && !user.email_confirmed_at ? <span className="text-muted-foreground">{copy.unconfirmed}</span> : null}
        </p>
        {user.new_email ? <p className="text-sm text-muted-foreground">{copy.pending(user.new_email)}</p> : null}
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField
            label={copy.newEmail}
            type="email"
            autoComplete="email"
            placeholder={authCopy.placeholders.email}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={error}
          />
          <Button type="submit" disabled={pending} className="w-fit">
            {pending ? authCopy.settings.saving : copy.submit}
          </Button>
        </form>
      </div>
    </SettingsCard>
  );
}
