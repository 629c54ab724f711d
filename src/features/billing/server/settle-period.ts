import { eq } from "drizzle-orm";
import { payments, scheduledPlanChanges, subscriptions, type Database, type Subscription } from "@/lib/db";
import { FREE_PLAN_ID, planPriceFen, type BillingInterval } from "../plans";
import { periodCapabilities, providerCapabilities } from "../payment-providers";
import { simulatedProviderOf } from "./local/simulated";
import { getPlanCatalog, type PlanCatalog } from "./plan-catalog";
import { addInterval } from "./periods";

/**
 * Brings a local (test-mode) subscription up to `now`, lazily on read: when the period end has
 * passed it applies a cancellation or a scheduled downgrade, or renews the plan (one recorded
 * payment per renewed period). Stripe subscriptions are left alone: their webhooks move them.
 * Safe to run concurrently: it computes the same result and renewal payments are keyed uniquely.
 * Each renewed period is charged the plan's price of the day and starts with its token quota of the day.
 * Pass `catalog` when `db` is a transaction (the catalog is cached on the database object).
 * Returns the user's row as settled (undefined without one), so that readers need not read it again.
 */
export async function settleLocalSubscription(db: Database, userId: string, now: Date, catalog?: PlanCatalog): Promise<Subscription | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!row || row.status === "canceled" || providerCapabilities(row.provider)?.recurring) return row;
  if (!row.currentPeriodEnd || row.currentPeriodEnd > now) return row;

  // A 支付宝 / 微信支付 period (also a simulated one) is a one-off purchase: it ends, it never renews by itself.
  if (row.cancelAtPeriodEnd || periodCapabilities({ provider: row.provider, simulatedProvider: simulatedProviderOf(row) })?.periodChanges === false) {
    const [canceled] = await db.update(subscriptions).set({ status: "canceled", updatedAt: now }).where(eq(subscriptions.userId, userId)).returning();
    await db.delete(scheduledPlanChanges).where(eq(scheduledPlanChanges.userId, userId));
    return canceled;
  }

  const plans = catalog ?? (await getPlanCatalog(db));
  const [change] = await db.select().from(scheduledPlanChanges).where(eq(scheduledPlanChanges.userId, userId)).limit(1);
  let planId = row.planId;
  let interval: BillingInterval = row.interval;
  let start = row.currentPeriodStart;
  let end = row.currentPeriodEnd;
  let pending = change;
  while (end <= now) {
    if (pending && pending.effectiveAt <= end) {
      planId = pending.planId;
      interval = pending.interval;
      pending = undefined;
    }
    if (planId === FREE_PLAN_ID) break;
    start = end;
    end = addInterval(start, interval);
    const plan = plans.orFree(planId);
    await db
      .insert(payments)
      .values({
        userId,
        planId: plan.id,
        interval,
        amount: planPriceFen(plan, interval),
        provider: "local",
        providerPaymentId: `renewal:${userId}:${start.toISOString()}`,
        reason: "renewal",
        periodStart: start,
        periodEnd: end,
        createdAt: start,
      })
      .onConflictDoNothing();
  }

  if (change && !pending) await db.delete(scheduledPlanChanges).where(eq(scheduledPlanChanges.userId, userId));
  const [settled] = await db
    .update(subscriptions)
    .set(
      planId === FREE_PLAN_ID
        ? { status: "canceled", updatedAt: now }
        : { planId, interval, currentPeriodStart: start, currentPeriodEnd: end, periodTokenQuota: plans.orFree(planId).monthlyTokenQuota, updatedAt: now },
    )
    .where(eq(subscriptions.userId, userId))
    .returning();
  return settled;
}
