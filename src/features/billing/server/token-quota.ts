import { getEnv } from "@/lib/env";
import type { Plan } from "../plans";

/**
 * The monthly token quota enforced for a plan: the one in plans.ts, except that FREE_PLAN_MONTHLY_TOKENS
 * lets an operator change the free plan's allowance without a rebuild (the static pricing page
 * still shows plans.ts).
 */
export function enforcedTokenQuota(plan: Pick<Plan, "id" | "monthlyTokenQuota">): number {
  const override = getEnv().FREE_PLAN_MONTHLY_TOKENS;
  return plan.id === "free" && override !== undefined ? override : plan.monthlyTokenQuota;
}
