import type { Metadata } from "next";
import { AccountSettings } from "@/features/auth";
import { listOAuthProviders } from "@/features/auth/server";
import { PageHeading } from "@/features/layouts";

export const metadata: Metadata = { title: "账户设置" };

export default async function SettingsPage() {
  const oauthProviders = await listOAuthProviders();
  return (
    <div className="grid gap-8">
      <PageHeading title="账户设置" description="在这里管理您的账户信息。" />
      <AccountSettings oauthProviders={oauthProviders} />
    </div>
  );
}
