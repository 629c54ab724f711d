import type { Metadata } from "next";
import { ArrowRight } from "lucide-react";
import { Link } from "@/components/link";
import { redirect } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LazyAnnouncementBanner } from "@/features/announcements";
import { currentAnnouncement } from "@/features/announcements/server";
import { getCurrentUserId } from "@/features/auth/server";
import { describeSubscription, RenewalReminderBanner, UsageMeter } from "@/features/billing";
import { getRenewalReminder, getSubscriptionSummary } from "@/features/billing/server";
import { PageHeading } from "@/features/layouts";
import { LatestCallsTable, usageCopy } from "@/features/metering";
import { getLatestCalls } from "@/features/metering/server";
import { getDatabase } from "@/lib/db";

export const metadata: Metadata = { title: "控制台" };
export const dynamic = "force-dynamic";
// Usage moves with every AI call: refetch on each visit instead of reusing the client router's
// keep-alive copy (appConfig.keepAlive), which would show the figures from before the last chat.
export const unstable_dynamicStaleTime = 0;

export default async function DashboardPage() {
  const userId = await getCurrentUserId();
  if (!userId) redirect("/auth/signin");
  const db = await getDatabase();
  const [summary, calls] = await Promise.all([getSubscriptionSummary(db, userId), getLatestCalls(db, userId, { limit: 5 })]);
  const [reminder, announcement] = await Promise.all([getRenewalReminder(db, userId, summary), currentAnnouncement(db, userId, summary.plan.id)]);
  const copy = usageCopy.overview;

  return (
    <div className="grid gap-6">
      <PageHeading title="控制台" description={copy.description} />
      {/* Only when there is one: a client component rendered even empty puts its chunk in the first load. */}
      {announcement ? <LazyAnnouncementBanner announcement={announcement} /> : null}
      <RenewalReminderBanner reminder={reminder} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex items-center justify-between gap-3">
            <CardTitle>{copy.planTitle}</CardTitle>
            <Button size="sm" variant={summary.plan.id === "free" ? "default" : "outline"} asChild>
              <Link href={summary.plan.id === "free" ? "/pricing" : "/dashboard/settings/billing"}>
                {summary.plan.id === "free" ? copy.upgrade : copy.manageBilling}
              </Link>
            </Button>
          </CardHeader>
          <CardContent className="grid gap-2">
            <p className="flex items-center gap-2 text-2xl font-bold" data-testid="overview-plan-name">
              {summary.plan.name}
              {summary.status === "past_due" ? <Badge variant="destructive">!</Badge> : null}
            </p>
            <p className="text-sm text-muted-foreground">{describeSubscription(summary).text}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex items-center justify-between gap-3">
            <CardTitle>{copy.usageTitle}</CardTitle>
            <Button size="sm" variant="ghost" asChild>
              <Link href="/dashboard/ai/tokens">
                {copy.viewUsage}
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          </CardHeader>
          <CardContent>
            <UsageMeter {...summary.usage} />
          </CardContent>
        </Card>
      </div>
      <section aria-labelledby="shortcuts" className="grid gap-3">
        <h2 id="shortcuts" className="text-lg font-semibold">
          {copy.shortcutsTitle}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {copy.shortcuts.map((shortcut) => (
            <li key={shortcut.href}>
              <Link href={shortcut.href} className="flex h-full flex-col gap-1 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/60">
                <span className="font-medium">{shortcut.title}</span>
                <span className="text-sm text-muted-foreground">{shortcut.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {calls.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>{copy.recentTitle}</CardTitle>
          </CardHeader>
          <CardContent>
            <LatestCallsTable calls={calls} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
