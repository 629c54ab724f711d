import { eq } from "drizzle-orm";
import { subscriptions, type CheckoutOrder, type Database, type Subscription } from "@/lib/db";
import { providerCapabilities } from "../payment-providers";
import { addInterval } from "./periods";

/** Whether the plan period is a one-off purchase (an order per period), not a provider-run subscription. */
export function isOneOffProvider(provider: Subscription["provider"] | undefined): boolean {
  return providerCapabilities(provider)?.recurring === false;
}

/**
 * Whether buying `planId` now is a renewal of the user's running one-off period: same plan (month
 * or year), still in force. A renewal extends the period from its end; anything else (an upgrade, a
 * first purchase, a lapsed plan) starts now.
 */
export function isRenewalOf(current: Subscription | undefined, planId: string, now: Date): current is Subscription & { currentPeriodEnd: Date } {
  return Boolean(
    current && current.status === "active" && isOneOffProvider(current.provider) && current.planId === planId && current.currentPeriodEnd && current.currentPeriodEnd > now,
  );
}

export type OrderPeriod = {
  /** The period this order bought (recorded on the order and its payment). */
  periodStart: Date;
  periodEnd: Date;
  /** The subscription's period after activation: a renewal keeps its start and moves its end. */
  subscriptionPeriodStart: Date;
};

/**
 * The one period computation for a paid one-off order, whatever the provider: a renewal's period
 * starts where the current one ends, any other purchase's starts now. The subscription row is
 * read FOR UPDATE, so inside the caller's transaction two renewals paid at once stack one after
 * the other instead of both starting at the same end.
 */
export async function periodForPaidOrder(db: Database, order: Pick<CheckoutOrder, "userId" | "planId" | "interval">, now: Date): Promise<OrderPeriod> {
  const [current] = await db.select().from(subscriptions).where(eq(subscriptions.userId, order.userId)).limit(1).for("update");
  if (isRenewalOf(current, order.planId, now)) {
    const periodStart = current.currentPeriodEnd;
    return { periodStart, periodEnd: addInterval(periodStart, order.interval), subscriptionPeriodStart: current.currentPeriodStart };
  }
  return { periodStart: now, periodEnd: addInterval(now, order.interval), subscriptionPeriodStart: now };
}
