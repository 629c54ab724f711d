"use client";

import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { billingCopy } from "../copy";
import { periodCapabilities } from "../payment-providers";
import { formatBillingDate, formatPriceCny, formatTokens } from "../format";
import { useStartCheckout } from "../hooks/use-start-checkout";
import { useSubscriptionActions } from "../hooks/use-subscription-actions";
import { planPriceCny, planPriceFen, planRank, type BillingInterval, type Plan } from "../plans";
import { canRenew } from "../subscription-status";
import type { SubscriptionSummary } from "../types";
import { ConfirmDialog } from "./confirm-dialog";
import { IntervalSwitch } from "./interval-switch";
import { PaymentMethodDialog } from "./payment-method-dialog";

/**
 * Every plan with what the user can do about it: upgrade (checkout), downgrade at the period end, undo.
 * `plans`: the visible plans plus the user's own (even hidden), read by the server page.
 */
export function PlanOptions({ summary, plans }: { summary: SubscriptionSummary; plans: readonly Plan[] }) {
  const { billing } = billingCopy;
  const [interval, setInterval] = useState<BillingInterval>(summary.interval);
  const [confirming, setConfirming] = useState<Plan | null>(null);
  const checkout = useStartCheckout();
  const checkoutClosed = checkout.closed;
  const actions = useSubscriptionActions();
  const paid = summary.plan.id !== "free";
  const periodEnd = summary.currentPeriodEnd ? formatBillingDate(summary.currentPeriodEnd) : "";

  function action(plan: Plan) {
    const current = plan.id === summary.plan.id;
    // 续费: a new period of the plan in force (month or year, as switched), from the current end.
    if (current && canRenew(summary)) {
      return (
        <Button size="sm" disabled={checkoutClosed || checkout.pending !== null} onClick={() => void checkout.start(plan.id, interval, { planName: plan.name, priceFen: planPriceFen(plan, interval) })}>
          {checkout.pending === plan.id ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {checkoutClosed ? billingCopy.pricing.notOpenButton : billing.renew}
        </Button>
      );
    }
    if (current && (!paid || interval === summary.interval)) return <Badge variant="secondary">{billing.currentBadge}</Badge>;
    const scheduled = summary.pendingChange?.planId === plan.id || (plan.id === "free" && summary.cancelAtPeriodEnd);
    if (scheduled) {
      return (
        <div className="flex items-center gap-2">
          <Badge variant="warning">{billing.scheduledBadge}</Badge>
          {summary.pendingChange ? (
            <Button size="sm" variant="ghost" disabled={actions.busy} onClick={() => void actions.run({ action: "undo-downgrade" })}>
              {billing.undoDowngrade}
            </Button>
          ) : null}
        </div>
      );
    }
    if (planRank(plans, plan.id) > planRank(plans, summary.plan.id) || (current && interval === "year")) {
      return (
        <Button size="sm" disabled={checkoutClosed || checkout.pending !== null} onClick={() => void checkout.start(plan.id, interval, { planName: plan.name, priceFen: planPriceFen(plan, interval) })}>
          {checkout.pending === plan.id ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {checkoutClosed ? billingCopy.pricing.notOpenButton : current ? billing.switchToYearly : billing.upgrade(plan.name)}
        </Button>
      );
    }
    // A one-off period cannot be changed at its end (it simply ends): no 降级 to offer.
    if (planRank(plans, plan.id) < planRank(plans, summary.plan.id) && periodCapabilities(summary)?.periodChanges !== false) {
      return (
        <Button size="sm" variant="outline" disabled={actions.busy} onClick={() => setConfirming(plan)}>
          {billing.downgrade(plan.name)}
        </Button>
      );
    }
    return null;
  }

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>{billing.changePlanTitle}</CardTitle>
        <IntervalSwitch value={interval} onChange={setInterval} />
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-lg border" aria-label={billing.changePlanTitle}>
          {plans.map((plan) => {
            const price = planPriceCny(plan, interval);
            return (
              <li key={plan.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" aria-label={plan.name}>
                <div>
                  <p className="font-medium">{plan.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {price === 0 ? billingCopy.freePrice : `${formatPriceCny(price)} ${billingCopy.perInterval[interval]}`} ·{" "}
                    {billingCopy.quotaLine(formatTokens(plan.monthlyTokenQuota))}
                  </p>
                </div>
                {action(plan)}
              </li>
            );
          })}
        </ul>
      </CardContent>
      <PaymentMethodDialog flow={checkout} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming?.id === "free" ? billing.cancelConfirmTitle : billing.downgradeConfirmTitle(confirming?.name ?? "")}
        description={confirming?.id === "free" ? billing.cancelConfirmDescription(periodEnd) : billing.downgradeConfirmDescription(periodEnd)}
        confirmLabel={confirming?.id === "free" ? billing.cancelConfirm : billing.downgradeConfirm}
        onConfirm={() => confirming && void actions.run({ action: "downgrade", planId: confirming.id, interval: summary.interval })}
      />
    </Card>
  );
}
