"use client";

import type { User } from "@supabase/supabase-js";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { authCopy } from "../../copy";
import { FormField } from "../form-field";
import { useAuth } from "../use-auth";
import { usePendingAction } from "../use-pending-action";
import { AvatarField } from "./avatar-field";
import { SettingsCard } from "./settings-card";

const copy = authCopy.settings;

function displayNameOf(user: User): string {
  const value: unknown = user.user_metadata?.display_name;
  return typeof value === "string" ? value : "";
}

/** The display name, kept in user_metadata.display_name (as e-mail sign-up stores it). */
export function ProfileSection({ user }: { user: User }) {
  const { getClient } = useAuth();
  const { pending, run } = usePendingAction();
  const [displayName, setDisplayName] = useState(() => displayNameOf(user));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = displayName.trim();
    const invalid = trimmed.length > 50 ? authCopy.validation.displayNameTooLong : null;
    setError(invalid);
    if (invalid) return;
    void run(async () => {
      const client = await getClient();
      // null deletes the key (GoTrue metadata semantics): an emptied name is removed.
      const { error: updateError } = await client.auth.updateUser({ data: { display_name: trimmed || null } });
      if (updateError) throw updateError;
      toast({ variant: "success", title: copy.profile.saved, duration: 2000 });
    });
  }

  return (
    <SettingsCard id="profile" title={copy.profile.title} description={copy.profile.description}>
      <AvatarField user={user} />
      <form noValidate onSubmit={submit} className="grid gap-4 sm:max-w-md">
        <FormField
          label="昵称"
          autoComplete="nickname"
          maxLength={50}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          error={error}
        />
        <Button type="submit" disabled={pending} className="w-fit">
          {pending ? copy.saving : copy.save}
        </Button>
      </form>
    </SettingsCard>
  );
}
