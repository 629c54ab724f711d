import type { Metadata } from "next";
import { Link } from "@/components/link";
import { redirect } from "next/navigation";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { listEnabledApps } from "@/features/ai-apps/server";
import { callLogsCopy } from "@/features/api-call-logs";
import { ApiKeysCard } from "@/features/api-keys";
import { listApiKeys } from "@/features/api-keys/server";
import { getCurrentUserId } from "@/features/auth/server";
import { QuotaGrantsList, UsageMeter } from "@/features/billing";
import { apiRequestsPerMinuteCeiling, getSubscriptionSummary, listQuotaGrants, startOfMonth } from "@/features/billing/server";
import { PageHeading } from "@/features/layouts";
import { formatCount, LatestCallsTable, TokensChart, UsageByAppTable, UsageByModelTable, UsageEmptyState, usageCopy } from "@/features/metering";
import { getLatestCalls, getTokensByDay, getUsageByApp, getUsageByModel } from "@/features/metering/server";
import { getDatabase } from "@/lib/db";

export const metadata: Metadata = { title: "Token 用量" };
export const dynamic = "force-dynamic";
// Usage moves with every AI call: refetch on each visit instead of reusing the client router's
// keep-alive copy (appConfig.keepAlive), which would show the figures from before the last chat.
export const unstable_dynamicStaleTime = 0;

export default async function TokensPage() {
  const userId = await getCurrentUserId();
  if (!userId) redirect("/auth/signin");
  const db = await getDatabase();
  const now = new Date();
  const [summary, days, byApp, byModel, calls, keys, apps, grants, apiCeiling] = await Promise.all([
    getSubscriptionSummary(db, userId, now),
    getTokensByDay(db, userId, { days: 30, now }),
    getUsageByApp(db, userId, { since: startOfMonth(now) }),
    getUsageByModel(db, userId, { since: startOfMonth(now) }),
    getLatestCalls(db, userId, { limit: 20 }),
    listApiKeys(db, userId, now),
    listEnabledApps(db),
    listQuotaGrants(db, userId, now),
    apiRequestsPerMinuteCeiling(db, userId),
  ]);
  const copy = usageCopy.tokens;
  const total = days.reduce((sum, day) => sum + day.tokens, 0);

  return (
    <div className="grid gap-6">
      <PageHeading title="Token 用量" description={copy.description} />
      <Card>
        <CardHeader>
          <CardTitle>{copy.quotaTitle}</CardTitle>
          <CardDescription>{summary.plan.name}</CardDescription>
        </CardHeader>
        <CardContent>
          <UsageMeter {...summary.usage} />
          {grants.length > 0 && (
            <div className="mt-4 grid gap-2">
              <h3 className="text-sm font-medium">本月额度调整（套餐 {formatCount(summary.plan.monthlyTokenQuota)} Token，调整后共 {formatCount(summary.usage.tokensQuota)} Token）</h3>
              <QuotaGrantsList grants={grants} />
            </div>
          )}
        </CardContent>
      </Card>
      <ApiKeysCard initialKeys={keys} apps={apps} requestsPerMinuteCeiling={apiCeiling.ceiling} />
      {keys.length > 0 && (
        <p className="-mt-3 text-sm">
          <Link href="/dashboard/ai/tokens/logs" className="text-primary underline-offset-4 hover:underline">
            {callLogsCopy.openLogsLink}
          </Link>
        </p>
      )}
      {calls.length === 0 ? (
        <UsageEmptyState />
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>{copy.chartTitle}</CardTitle>
              <CardDescription>{copy.totalLast30(formatCount(total))}</CardDescription>
            </CardHeader>
            <CardContent>
              <TokensChart days={days} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{copy.byAppTitle}</CardTitle>
            </CardHeader>
            <CardContent>
              {byApp.length > 0 ? <UsageByAppTable apps={byApp} /> : <p className="text-sm text-muted-foreground">{usageCopy.apps.noUsage}</p>}
            </CardContent>
          </Card>
          {byModel.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle>{copy.byModelTitle}</CardTitle>
                <CardDescription>{copy.byModelHint}</CardDescription>
              </CardHeader>
              <CardContent>
                <UsageByModelTable models={byModel} />
              </CardContent>
            </Card>
          )}
          <Card>
            <CardHeader>
              <CardTitle>{copy.latestTitle}</CardTitle>
            </CardHeader>
            <CardContent>
              <LatestCallsTable calls={calls} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
