"use client";

import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { authCopy } from "../../copy";
import { useAuth } from "../use-auth";
import { usePendingAction } from "../use-pending-action";
import { SettingsCard } from "./settings-card";

const copy = authCopy.settings.sessions;

/** Signs out every other session of this account; this one stays. */
export function SessionsSection() {
  const { getClient } = useAuth();
  const { pending, run } = usePendingAction();

  function signOutOthers() {
    void run(async () => {
      const client = await getClient();
      const { error } = await client.auth.signOut({ scope: "others" });
      if (error) throw error;
      toast({ variant: "success", title: copy.done, duration: 2000 });
    });
  }

  return (
    <SettingsCard id="sessions" title={copy.title} description={copy.description}>
      <Button type="button" variant="outline" disabled={pending} onClick={signOutOthers}>
        {pending ? copy.pending : copy.signOutOthers}
      </Button>
    </SettingsCard>
  );
}
