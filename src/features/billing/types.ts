import type { ProviderName } from "./payment-provider-definition";
import type { BillingInterval, Plan, PlanId } from "./plans";

/** What `GET /api/user/subscription` answers: the plan in force, its period and this month's usage. */
export type SubscriptionSummary = {
  plan: Pick<Plan, "id" | "name" | "monthlyTokenQuota">;
  status: "active" | "past_due" | "canceled";
  interval: BillingInterval;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Who bills the plan; null on the free plan. */
  provider: ProviderName | null;
  /** Test mode: the 微信支付 / 支付宝 a local period was bought as (it follows that provider's rules; `periodCapabilities`). */
  simulatedProvider?: ProviderName | null;
  /** A downgrade that takes effect at `effectiveAt` (the current period's end). */
  pendingChange: { planId: PlanId; planName: string; interval: BillingInterval; effectiveAt: string } | null;
  /** `tokensQuota` is the month's limit: the plan's tokens plus `grantedTokens` (operators' grants, ± ). */
  usage: { tokensUsed: number; tokensQuota: number; grantedTokens: number };
};

/** One row of the payment history. */
export type PaymentView = {
  id: string;
  planName: string;
  /** A 余额充值 (or its refund): no plan, no interval. */
  topUp?: boolean;
  interval: BillingInterval;
  /** In the currency's minor unit (分). */
  amount: number;
  currency: string;
  provider: ProviderName;
  /** `refund` rows have a negative amount. */
  reason: "checkout" | "renewal" | "plan_change" | "refund";
  periodStart: string | null;
  periodEnd: string | null;
  createdAt: string;
};

/** Tokens an operator gave (+) or took back (−) for this month, with the reason the user is shown. */
export type QuotaGrantView = { id: string; tokens: number; reason: string; createdAt: string };
