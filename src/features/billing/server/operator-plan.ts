import { eq } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { subscriptions, type Database } from "@/lib/db";
import { addCalendarMonths } from "../calendar";
import { providerDefinition } from "../payment-providers";
import type { PlanId } from "../plans";
import { getPlanCatalog } from "./plan-catalog";
import { getActiveSubscriptionRow, upsertSubscription } from "./activate";
import { clearScheduledChange } from "./scheduled-changes";
import { settleLocalSubscription } from "./settle-period";

/**
 * The operator console's plan change (/admin, issue 18). A paid plan is given as a local subscription
 * for one month from now that does not renew (cancel at period end: nobody pays for it, so no
 * renewal payment is recorded); the free plan ends the local subscription now. A Stripe subscription
 * is refused: the customer pays Stripe, so the change belongs there (or a refund in 订单).
 */
export async function setPlanByOperator(db: Database, userId: string, planId: PlanId, now = new Date()): Promise<void> {
  const plan = (await getPlanCatalog(db)).find(planId);
  if (!plan) throw new ApiRouteError(400, "套餐不存在");
  await settleLocalSubscription(db, userId, now);
  const current = await getActiveSubscriptionRow(db, userId);
  const provider = current?.provider ? providerDefinition(current.provider) : null;
  if (provider?.capabilities.recurring) throw new ApiRouteError(409, `该用户通过 ${provider.label} 付费订阅，请在 ${provider.label} 中更改或先退款取消`);
  await clearScheduledChange(db, userId);
  if (plan.id === "free") {
    if (current) await db.update(subscriptions).set({ status: "canceled", cancelAtPeriodEnd: false, currentPeriodEnd: now, updatedAt: now }).where(eq(subscriptions.userId, userId));
    return;
  }
  await upsertSubscription(
    db,
    { userId, planId: plan.id, interval: "month", status: "active", periodStart: now, periodEnd: addCalendarMonths(now, 1), cancelAtPeriodEnd: true, provider: "local" },
    now,
  );
}
