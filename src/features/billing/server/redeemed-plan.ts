import { eq, sql } from "drizzle-orm";
import type { RedeemPlans } from "@/features/wallet/server";
import { ApiRouteError } from "@/lib/api";
import { subscriptions, type Database } from "@/lib/db";
import { formatBillingDate } from "../format";
import { providerCapabilities, providerDefinition } from "../payment-providers";
import { FREE_PLAN_ID } from "../plans";
import { upsertSubscription } from "./activate";
import { getPlanCatalog, type PlanCatalog } from "./plan-catalog";
import { settleLocalSubscription } from "./settle-period";

const DAY_MS = 86_400_000;

/** `provider_subscription_id` of a period a 兑换码 gave (a local period that does not renew). */
export const REDEEMED_PERIOD_ID = "redeem";

/** The plans in force, for redeeming and describing plan codes. */
export async function redeemablePlans(db: Database): Promise<RedeemPlans> {
  const catalog = await getPlanCatalog(db);
  return {
    nameOf: (planId) => {
      const plan = catalog.find(planId);
      return plan && plan.id !== FREE_PLAN_ID ? plan.name : null;
    },
    grant: (tx, userId, planId, days, now) => grantRedeemedPlan(tx, catalog, userId, planId, days, now),
  };
}

/**
 * A plan code's days, on the subscription model every period uses (so quota, admission and the
 * billing page need nothing new): without a plan in force, a local period from now that does not
 * renew (it ends by itself, as the console's plan change does); with the same plan in force and not
 * renewed by a provider, that period ends `days` later. Another plan in force, or a Stripe
 * subscription, is refused (nothing is spent: the caller's transaction rolls back): the user redeems
 * after that period ends. Under the same per-user lock as admission, so two codes at once both count.
 */
async function grantRedeemedPlan(tx: Database, catalog: PlanCatalog, userId: string, planId: string, days: number, now: Date): Promise<{ periodEnd: Date }> {
  const plan = catalog.find(planId);
  if (!plan || plan.id === FREE_PLAN_ID) throw new ApiRouteError(410, "这个兑换码对应的套餐已下架");
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ai-quota:${userId}`}, 0))`);
  const row = await settleLocalSubscription(tx, userId, now, catalog);
  if (!row || row.status === "canceled") {
    const periodEnd = new Date(now.getTime() + days * DAY_MS);
    await upsertSubscription(
      tx,
      { userId, planId: plan.id, interval: "month", status: "active", periodStart: now, periodEnd, cancelAtPeriodEnd: true, provider: "local", providerSubscriptionId: REDEEMED_PERIOD_ID },
      now,
    );
    return { periodEnd };
  }
  const current = catalog.orFree(row.planId);
  const renewedBy = row.provider && providerCapabilities(row.provider)?.recurring ? providerDefinition(row.provider).label : null;
  if (renewedBy || !row.currentPeriodEnd) throw new ApiRouteError(409, `您的${current.name}由 ${renewedBy ?? "支付渠道"} 自动续费，不能用兑换码延长；请在订阅结束后再兑换`);
  if (row.planId !== plan.id) throw new ApiRouteError(409, `您的${current.name}有效期至 ${formatBillingDate(row.currentPeriodEnd)}，兑换码的${plan.name}请在到期后再兑换`);
  const periodEnd = new Date(row.currentPeriodEnd.getTime() + days * DAY_MS);
  await tx.update(subscriptions).set({ currentPeriodEnd: periodEnd, updatedAt: now }).where(eq(subscriptions.userId, userId));
  return { periodEnd };
}
