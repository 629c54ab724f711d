import type { Metadata } from "next";
import { AccountSettings, SecurityEventsList } from "@/features/auth";
import { getCurrentUserId, listOAuthProviders, listOwnSecurityEvents } from "@/features/auth/server";
import { PageHeading } from "@/features/layouts";
import { PersonalDataSection } from "@/features/personal-data";
import { getDatabase } from "@/lib/db";

export const metadata: Metadata = { title: "账户设置" };

export default async function SettingsPage() {
  // The dashboard layout lets only signed-in users in; the events are theirs alone (by their id).
  const [oauthProviders, userId] = await Promise.all([listOAuthProviders(), getCurrentUserId()]);
  const events = userId ? await listOwnSecurityEvents(await getDatabase(), userId) : [];
  return (
    <div className="grid gap-8">
      <PageHeading title="账户设置" description="在这里管理您的账户信息。" />
      <AccountSettings oauthProviders={oauthProviders} />
      {userId ? <SecurityEventsList events={events} /> : null}
      {userId ? <PersonalDataSection /> : null}
    </div>
  );
}
