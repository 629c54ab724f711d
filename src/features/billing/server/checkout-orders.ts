import { and, eq } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { checkoutOrders, payments, type CheckoutOrder, type Database } from "@/lib/db";
import type { BillingInterval, Plan } from "../plans";
import { billingCopy } from "../copy";
import { providerCapabilities } from "../payment-providers";
import { localDefinition } from "./local/definition";
import { simulatedBrandOf, simulatedPeriodId } from "./local/simulated";
import { upsertSubscription } from "./activate";
import { periodForPaidOrder } from "./order-period";
import { clearScheduledChange } from "./scheduled-changes";
import { countPayment } from "./payment-metrics";
import { isTopUpOrder } from "../topup";
import { creditPaidTopUp } from "./topup-credit";
import { afterPaymentRecorded } from "./after-payment";

/** A checkout order of this user (another user's order is reported as missing). */
export async function getCheckoutOrder(db: Database, userId: string, orderId: string): Promise<CheckoutOrder | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return undefined;
  const [order] = await db
    .select()
    .from(checkoutOrders)
    .where(and(eq(checkoutOrders.id, orderId), eq(checkoutOrders.userId, userId)))
    .limit(1);
  return order;
}

export async function createCheckoutOrder(
  db: Database,
  input: { id?: string; userId: string; plan: Plan; interval: BillingInterval; amount: number; provider: CheckoutOrder["provider"]; providerSessionId?: string },
): Promise<CheckoutOrder> {
  const [order] = await db
    .insert(checkoutOrders)
    .values({
      ...(input.id ? { id: input.id } : {}),
      userId: input.userId,
      planId: input.plan.id,
      interval: input.interval,
      amount: input.amount,
      provider: input.provider,
      providerSessionId: input.providerSessionId ?? null,
    })
    .returning();
  return order!;
}

/** Moves a pending local order to `status`; answers the order, or throws when it is not pending. */
async function closeLocalOrder(db: Database, userId: string, orderId: string, status: "paid" | "canceled", now: Date): Promise<CheckoutOrder> {
  const order = await getCheckoutOrder(db, userId, orderId);
  if (!order || order.provider !== "local") throw new ApiRouteError(404, billingCopy.errors.orderNotFound);
  const [closed] = await db
    .update(checkoutOrders)
    .set({ status, completedAt: now })
    .where(and(eq(checkoutOrders.id, order.id), eq(checkoutOrders.status, "pending")))
    .returning();
  // The conditional update makes a double click (or two tabs) pay once.
  if (!closed) throw new ApiRouteError(409, order.status === "paid" ? billingCopy.errors.orderAlreadyPaid : billingCopy.errors.orderClosed);
  if (status === "canceled") countPayment(order.provider, "canceled");
  return closed;
}

/**
 * 支付成功 on the local checkout page: the plan is active at once (a renewal extends the running
 * period from its end), any pending downgrade or cancellation is dropped, and the payment is recorded.
 */
export async function completeLocalOrder(db: Database, userId: string, orderId: string, now = new Date()): Promise<CheckoutOrder> {
  const paid = await db.transaction(async (tx) => {
    const order = await closeLocalOrder(tx, userId, orderId, "paid", now);
    // A simulated 微信支付 / 支付宝 period ends by itself, as theirs do (settle-trade.ts, settle-transaction.ts).
    await activatePaidOrder(tx, order, { cancelAtPeriodEnd: simulatedBrandOf(order) !== null, providerPaymentId: `order:${order.id}` }, now);
    return order;
  });
  await afterPaymentRecorded(db, paid.userId);
  return paid;
}

/**
 * The one way a paid one-off order turns into a plan period (local test mode, Alipay, 微信支付): the
 * period comes from `periodForPaidOrder` (a same-plan renewal extends from the current end, anything
 * else starts now) and is recorded on the order; the subscription row gets the order's plan, a
 * pending downgrade is dropped and the payment recorded once (keyed by `providerPaymentId`). Run it
 * in the transaction that marked the order paid. Answers the order's period.
 */
export async function activatePaidOrder(
  db: Database,
  order: CheckoutOrder,
  options: { cancelAtPeriodEnd: boolean; providerPaymentId: string },
  now: Date,
): Promise<{ periodStart: Date; periodEnd: Date }> {
  // One order of a provider that otherwise renews by itself (a Stripe one-off Checkout) bought a period
  // nobody renews: it is managed by the test checkout's rules, which move no money.
  const provider = providerCapabilities(order.provider)?.recurring ? localDefinition.id : order.provider;
  if (isTopUpOrder(order)) {
    // A top-up buys balance, not a period: credited once, recorded once (both keyed by the order).
    await creditPaidTopUp(db, order, now);
    await recordOrderPayment(db, order, { provider, providerPaymentId: options.providerPaymentId, periodStart: null, periodEnd: null }, now);
    return { periodStart: now, periodEnd: now };
  }
  // The order's plan as bought (a plan with orders cannot be deleted, only hidden).
  const plan = { id: order.planId };
  const { periodStart, periodEnd, subscriptionPeriodStart } = await periodForPaidOrder(db, order, now);
  // A test-mode order paid as a simulated 微信支付 / 支付宝 buys a period that follows that provider's rules.
  const simulated = simulatedBrandOf(order);
  await upsertSubscription(
    db,
    {
      userId: order.userId,
      planId: plan.id,
      interval: order.interval,
      status: "active",
      periodStart: subscriptionPeriodStart,
      periodEnd,
      cancelAtPeriodEnd: options.cancelAtPeriodEnd,
      provider,
      providerCustomerId: null,
      providerSubscriptionId: simulated ? simulatedPeriodId(simulated) : null,
    },
    now,
  );
  await clearScheduledChange(db, order.userId);
  await db.update(checkoutOrders).set({ periodStart, periodEnd }).where(eq(checkoutOrders.id, order.id));
  await recordOrderPayment(db, order, { provider, providerPaymentId: options.providerPaymentId, periodStart, periodEnd }, now);
  return { periodStart, periodEnd };
}

/** The `payments` row of a paid order, once (keyed by `providerPaymentId`). */
async function recordOrderPayment(
  db: Database,
  order: CheckoutOrder,
  paid: { provider: CheckoutOrder["provider"]; providerPaymentId: string; periodStart: Date | null; periodEnd: Date | null },
  now: Date,
): Promise<void> {
  const recorded = await db
    .insert(payments)
    .values({
      userId: order.userId,
      planId: order.planId,
      interval: order.interval,
      amount: order.amount,
      currency: order.currency,
      provider: paid.provider,
      providerPaymentId: paid.providerPaymentId,
      reason: "checkout",
      periodStart: paid.periodStart,
      periodEnd: paid.periodEnd,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (recorded.length > 0) countPayment(order.provider, "paid");
}

/** 取消 on the local checkout page: the order is closed, nothing else changes. */
export async function cancelLocalOrder(db: Database, userId: string, orderId: string, now = new Date()): Promise<CheckoutOrder> {
  return closeLocalOrder(db, userId, orderId, "canceled", now);
}
