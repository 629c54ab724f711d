"use client";

import { DEMO_ACCOUNT_READ_ONLY_MESSAGE, isDemoAccount } from "@/lib/demo-account-flag";
import { authCopy } from "../../copy";
import { FormAlert } from "../form-alert";
import { NewPasswordForm } from "../new-password-form";
import { useAuth } from "../use-auth";
import { EmailSection } from "./email-section";
import { IdentitiesSection } from "./identities-section";
import { MfaSection } from "./mfa-section";
import { PhoneSection } from "./phone-section";
import { ProfileSection } from "./profile-section";
import { SessionsSection } from "./sessions-section";
import { SettingsCard } from "./settings-card";

const copy = authCopy.settings;

/** /dashboard/settings: profile, e-mail, phone, password, third-party accounts, two-step verification, sessions. */
export function AccountSettings({ oauthProviders = [] }: { oauthProviders?: readonly string[] }) {
  const { user, loaded } = useAuth();
  if (!user) {
    return loaded ? (
      <FormAlert>{copy.signedOut}</FormAlert>
    ) : (
      <p role="status" className="text-sm text-muted-foreground">
        {copy.loading}
      </p>
    );
  }
  if (isDemoAccount(user.app_metadata)) {
    // The auth service refuses the demo account's changes: offer none, say why.
    return (
      <div className="grid gap-6">
        <FormAlert tone="info">{DEMO_ACCOUNT_READ_ONLY_MESSAGE}</FormAlert>
        <SessionsSection />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <ProfileSection user={user} />
      <EmailSection user={user} />
      <PhoneSection user={user} />
      <SettingsCard id="password" title={copy.password.title} description={copy.password.description}>
        <NewPasswordForm submitLabel={copy.password.submit} />
      </SettingsCard>
      <IdentitiesSection user={user} providers={oauthProviders} />
      <MfaSection />
      <SessionsSection />
    </div>
  );
}
