import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { listEnabledApps } from "@/features/ai-apps/server";
import { getCurrentUserId } from "@/features/auth/server";
import { startOfMonth } from "@/features/billing/server";
import { PageHeading } from "@/features/layouts";
import { AiAppCards, usageCopy } from "@/features/metering";
import { getUsageByApp } from "@/features/metering/server";
import { getDatabase } from "@/lib/db";

export const metadata: Metadata = { title: "AI 应用" };
export const dynamic = "force-dynamic";
// Usage moves with every AI call: refetch on each visit instead of reusing the client router's
// keep-alive copy (appConfig.keepAlive), which would show the figures from before the last chat.
export const unstable_dynamicStaleTime = 0;

export default async function DashboardAiPage() {
  const userId = await getCurrentUserId();
  if (!userId) redirect("/auth/signin");
  const db = await getDatabase();
  const [apps, usage] = await Promise.all([listEnabledApps(db), getUsageByApp(db, userId, { since: startOfMonth(new Date()) })]);
  return (
    <div className="grid gap-6">
      <PageHeading title="AI 应用" description={usageCopy.apps.description} />
      <AiAppCards apps={apps} usage={usage} />
    </div>
  );
}
