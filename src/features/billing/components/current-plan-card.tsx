import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { billingCopy } from "../copy";
import { formatBillingDate } from "../format";
import { periodCapabilities } from "../payment-providers";
import { describeSubscription } from "../subscription-status";
import type { SubscriptionSummary } from "../types";
import { UsageMeter } from "./usage-meter";

/** The plan in force, its period, where it is heading, and this month's usage. */
export function CurrentPlanCard({ summary }: { summary: SubscriptionSummary }) {
  const { billing } = billingCopy;
  const status = describeSubscription(summary);
  return (
    <Card>
      <CardHeader>
        <p className="text-sm text-muted-foreground">{billing.currentPlan}</p>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-2xl" data-testid="current-plan-name">
            {summary.plan.name}
          </CardTitle>
          {summary.plan.id !== "free" ? <Badge variant="secondary">{billingCopy.intervals[summary.interval]}</Badge> : null}
          {periodCapabilities(summary)?.testMode ? <Badge variant="warning">{billing.testModeBadge}</Badge> : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        {summary.currentPeriodStart && summary.currentPeriodEnd ? (
          <p className="text-sm">
            <span className="text-muted-foreground">{billing.period}：</span>
            {formatBillingDate(summary.currentPeriodStart)} — {formatBillingDate(summary.currentPeriodEnd)}
          </p>
        ) : null}
        <p
          role="status"
          data-testid="subscription-status"
          className={cn(
            "rounded-lg border px-4 py-3 text-sm",
            status.tone === "destructive" && "border-destructive/40 bg-destructive/10 text-destructive",
            status.tone === "warning" && "border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-200",
          )}
        >
          {status.text}
        </p>
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">{billing.usageTitle}</h3>
          <UsageMeter {...summary.usage} />
        </div>
      </CardContent>
    </Card>
  );
}
