import { getEnv } from "@/lib/env";
import type { Plan } from "../plans";

/**
 * The monthly token quota enforced for a plan: the one in `billing_plans`, except that
 * FREE_PLAN_MONTHLY_TOKENS (older set-ups) still overrides the free plan's allowance.
 */
export function enforcedTokenQuota(plan: Pick<Plan, "id" | "monthlyTokenQuota">): number {
  const override = getEnv().FREE_PLAN_MONTHLY_TOKENS;
  return plan.id === "free" && override !== undefined ? override : plan.monthlyTokenQuota;
}

/**
 * A user's monthly tokens: a subscription's period keeps the quota it started with
 * (`subscriptions.period_token_quota`, see the plans console's 立即生效); without one (the free plan,
 * or rows from before plans were editable) the plan's current figure.
 */
export function subscriberTokenQuota(plan: Pick<Plan, "id" | "monthlyTokenQuota">, periodTokenQuota: number | null | undefined): number {
  return periodTokenQuota ?? enforcedTokenQuota(plan);
}
