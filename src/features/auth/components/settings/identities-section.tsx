"use client";

import type { Provider, User, UserIdentity } from "@supabase/supabase-js";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { authCopy } from "../../copy";
import { providerDisplayName } from "../sign-in/oauth-buttons";
import { useAuth } from "../use-auth";
import { usePendingAction } from "../use-pending-action";
import { SettingsCard } from "./settings-card";

const copy = authCopy.settings.identities;
/** Where the provider sends the browser back: the OAuth callback route, then this page. */
const LINK_CALLBACK = "/api/auth/oauth/callback?next=/dashboard/settings";

/**
 * Third-party accounts (e.g. 微信) that sign in to this account: link one of the enabled providers
 * (the auth service's manual linking), or unlink one while another way in remains.
 */
export function IdentitiesSection({ user, providers }: { user: User; providers: readonly string[] }) {
  const { getClient, setUser } = useAuth();
  const action = usePendingAction();
  if (providers.length === 0) return null;
  const identities = user.identities ?? [];

  function link(provider: string) {
    void action.run(async () => {
      const client = await getClient();
      const { error } = await client.auth.linkIdentity({
        // Any provider the service enables (e.g. wechat), not only supabase-js's list.
        provider: provider as Provider,
        options: { redirectTo: `${window.location.origin}${LINK_CALLBACK}` },
      });
      if (error) throw error;
    });
  }

  function unlink(identity: UserIdentity) {
    void action.run(async () => {
      const client = await getClient();
      const { error } = await client.auth.unlinkIdentity(identity);
      if (error) throw error;
      const { data } = await client.auth.getUser();
      if (data.user) setUser(data.user);
      toast({ variant: "success", title: copy.unlinked, duration: 2000 });
    });
  }

  return (
    <SettingsCard id="identities" title={copy.title} description={copy.description}>
      <ul className="grid gap-3 sm:max-w-md">
        {providers.map((provider) => {
          const identity = identities.find((candidate) => candidate.provider === provider);
          const name = providerDisplayName(provider);
          return (
            <li key={provider} className="flex items-center justify-between gap-4">
              <span className="text-sm">
                <span className="font-medium">{name}</span>
                <span className="ml-2 text-muted-foreground">{identity ? copy.linked : copy.notLinked}</span>
              </span>
              {identity ? (
                <Button
                  type="button"
                  variant="outline"
                  disabled={action.pending || identities.length <= 1}
                  title={identities.length <= 1 ? copy.lastOne : undefined}
                  aria-label={copy.unlinkLabel(name)}
                  onClick={() => unlink(identity)}
                >
                  {copy.unlink}
                </Button>
              ) : (
                <Button type="button" variant="outline" disabled={action.pending} aria-label={copy.linkLabel(name)} onClick={() => link(provider)}>
                  {copy.link}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </SettingsCard>
  );
}
