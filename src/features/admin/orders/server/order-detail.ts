import "server-only";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { getPlanCatalog } from "@/features/billing/server";
import { paymentKeyOf, refundableRemainder } from "@/features/billing/server";
import { checkoutRefunds, payments, subscriptions, type Database } from "@/lib/db";
import type { AdminOrderDetail } from "../types";
import { findOrder, toOrderRow } from "./order-list";
import { orderUsers } from "./order-users";

/**
 * An order with its payments (the charge, keyed as the provider recorded it, and its refunds'
 * negative rows), its refund requests, the user and their subscription now; null when unknown.
 * A Stripe order's charge is an invoice (renewals too): those rows are on the user's page.
 */
export async function getOrderDetail(db: Database, orderId: string): Promise<AdminOrderDetail | null> {
  const order = await findOrder(db, orderId);
  if (!order) return null;
  const refunds = await db.select().from(checkoutRefunds).where(eq(checkoutRefunds.orderId, order.id)).orderBy(asc(checkoutRefunds.createdAt));
  const chargeKey = paymentKeyOf(order);
  const refundKeys = refunds.map((refund) => `refund:${refund.id}`);
  const [paymentRows, [subscription], users, refundable] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, order.provider), or(eq(payments.providerPaymentId, chargeKey), refundKeys.length ? inArray(payments.providerPaymentId, refundKeys) : undefined)))
      .orderBy(asc(payments.createdAt)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, order.userId)).limit(1),
    orderUsers([order.userId]),
    refundableRemainder(db, order),
  ]);
  const refunded = refunds.filter((refund) => refund.status !== "failed").reduce((sum, refund) => sum + refund.amount, 0);
  const catalog = await getPlanCatalog(db);
  return {
    ...toOrderRow(order, refunded, users.get(order.userId), catalog),
    refundable,
    payments: paymentRows.map((row) => ({
      id: row.id,
      amount: row.amount,
      currency: row.currency,
      reason: row.reason,
      providerPaymentId: row.providerPaymentId,
      periodStart: row.periodStart?.toISOString() ?? null,
      periodEnd: row.periodEnd?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: refund.amount,
      reason: refund.reason,
      status: refund.status,
      providerRefundId: refund.providerRefundId,
      actorId: refund.actorId,
      createdAt: refund.createdAt.toISOString(),
      completedAt: refund.completedAt?.toISOString() ?? null,
    })),
    subscription: subscription
      ? { planName: catalog.orFree(subscription.status === "canceled" ? null : subscription.planId).name, status: subscription.status, periodEnd: subscription.currentPeriodEnd?.toISOString() ?? null }
      : null,
  };
}
