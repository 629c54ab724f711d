import { billingCopy } from "./copy";
import { formatBillingDate } from "./format";
import { periodCapabilities } from "./payment-providers";
import type { SubscriptionSummary } from "./types";

export type SubscriptionStatusLine = { tone: "default" | "warning" | "destructive"; text: string };

/** The one honest sentence about where the subscription is heading (renewal, end, downgrade, failure). */
export function describeSubscription(summary: SubscriptionSummary): SubscriptionStatusLine {
  const { billing } = billingCopy;
  if (summary.plan.id === "free" || !summary.currentPeriodEnd) return { tone: "default", text: billing.freeNote };
  const end = formatBillingDate(summary.currentPeriodEnd);
  if (summary.status === "past_due") return { tone: "destructive", text: billing.pastDue };
  // 支付宝 / 微信支付: a period bought once simply ends.
  if (periodCapabilities(summary)?.periodChanges === false) return { tone: "default", text: billing.oneOffEndsOn(end) };
  if (summary.cancelAtPeriodEnd) return { tone: "warning", text: billing.endsOn(end) };
  if (summary.pendingChange) return { tone: "warning", text: billing.downgradesOn(formatBillingDate(summary.pendingChange.effectiveAt), summary.pendingChange.planName) };
  return { tone: "default", text: billing.renewsOn(end) };
}

/**
 * Whether the billing page offers 续费 for the plan in force: a one-off period (test checkout,
 * Alipay, 微信支付) still running. A Stripe subscription renews itself.
 */
export function canRenew(summary: SubscriptionSummary): boolean {
  const oneOff = periodCapabilities(summary)?.recurring === false;
  return oneOff && summary.plan.id !== "free" && summary.status === "active" && summary.currentPeriodEnd !== null;
}
