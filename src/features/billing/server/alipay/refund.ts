import { and, eq, like } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { checkoutOrders, payments, subscriptions, type Database } from "@/lib/db";
import { expectSuccess } from "./call";
import type { AlipaySetup } from "./config";
import { fenToYuan, outTradeNoOf } from "./money";

export type AlipayRefund = { outRequestNo: string; amount: number; refundedTotal: number; subscriptionEnd: Date | null };

/**
 * Refunds part or all of a paid Alipay order (`alipay.trade.refund`), for the operator console.
 *
 * Rule for the plan: the order bought a period of a fixed length; a refund takes back the same
 * share of that time as of the money (refunding 30% of a month removes 30% of its duration, a full
 * refund removes the whole period), counted from the subscription's current end. When the new end
 * is not in the future the plan ends now. A refund of an order whose period is over, or whose plan
 * is no longer the subscription's, only records the money.
 *
 * Each refund is its own request number (`<out_trade_no>_R<n>`), recorded as a `refund` payment row
 * with a negative amount. Refunds of one order are meant to be issued one at a time by an operator.
 */
export async function refundAlipayOrder(
  db: Database,
  setup: AlipaySetup,
  input: { orderId: string; amount: number; reason?: string; now?: Date },
): Promise<AlipayRefund> {
  const now = input.now ?? new Date();
  const [order] = await db.select().from(checkoutOrders).where(eq(checkoutOrders.id, input.orderId)).limit(1);
  if (!order || order.provider !== "alipay" || order.status !== "paid") throw new ApiRouteError(404, "没有可退款的支付宝订单");
  const [paid] = await db.select().from(payments).where(and(eq(payments.provider, "alipay"), eq(payments.providerPaymentId, `order:${order.id}`))).limit(1);
  if (!paid) throw new ApiRouteError(404, "没有找到这笔订单的付款记录");

  const earlier = await db.select().from(payments).where(and(eq(payments.provider, "alipay"), like(payments.providerPaymentId, `refund:${order.id}:%`)));
  const refundedBefore = earlier.reduce((sum, row) => sum - row.amount, 0);
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new ApiRouteError(400, "退款金额必须是正整数（单位：分）");
  if (input.amount > order.amount - refundedBefore) throw new ApiRouteError(400, "退款金额超过了可退余额");

  const outRequestNo = `${outTradeNoOf(order)}_R${earlier.length + 1}`;
  const result = await setup.sdk.exec(
    "alipay.trade.refund",
    { bizContent: { out_trade_no: outTradeNoOf(order), refund_amount: fenToYuan(input.amount), out_request_no: outRequestNo, refund_reason: input.reason ?? "套餐退款" } },
    { validateSign: true },
  );
  expectSuccess(result);

  const refundedTotal = refundedBefore + input.amount;
  await db
    .insert(payments)
    .values({
      userId: order.userId,
      planId: order.planId,
      interval: order.interval,
      amount: -input.amount,
      currency: order.currency,
      provider: "alipay",
      providerPaymentId: `refund:${order.id}:${earlier.length + 1}`,
      reason: "refund",
      periodStart: paid.periodStart,
      periodEnd: paid.periodEnd,
      createdAt: now,
    })
    .onConflictDoNothing();

  return { outRequestNo, amount: input.amount, refundedTotal, subscriptionEnd: await shortenPeriod(db, { order, paid, refundedBefore, refundedTotal, now }) };
}

type ShortenInput = {
  order: { userId: string; planId: string; amount: number };
  paid: { periodStart: Date | null; periodEnd: Date | null };
  refundedBefore: number;
  refundedTotal: number;
  now: Date;
};

/** Moves the subscription's end earlier by the refunded share of the order's period; answers the new end. */
async function shortenPeriod(db: Database, { order, paid, refundedBefore, refundedTotal, now }: ShortenInput): Promise<Date | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, order.userId)).limit(1);
  if (!row || !paid.periodStart || !paid.periodEnd || !row.currentPeriodEnd) return row?.currentPeriodEnd ?? null;
  const current = row.status !== "canceled" && row.provider === "alipay" && row.planId === order.planId;
  // The order's period must be part of the subscription's current run (first purchase or a renewal of it).
  const inRun = paid.periodStart >= row.currentPeriodStart && paid.periodStart < row.currentPeriodEnd;
  if (!current || !inRun || paid.periodEnd <= now) return row.currentPeriodEnd;

  const duration = paid.periodEnd.getTime() - paid.periodStart.getTime();
  // Cumulative shares, so several partial refunds add up to exactly the whole period.
  // BigInt: a year in ms times an amount in 分 can exceed 2^53.
  const share = (refunded: number) => (BigInt(duration) * BigInt(refunded)) / BigInt(order.amount);
  const removed = Number(share(refundedTotal) - share(refundedBefore));
  const end = new Date(row.currentPeriodEnd.getTime() - removed);
  const ended = end <= now;
  await db
    .update(subscriptions)
    .set(ended ? { status: "canceled", currentPeriodEnd: now, cancelAtPeriodEnd: false, updatedAt: now } : { currentPeriodEnd: end, updatedAt: now })
    .where(eq(subscriptions.userId, order.userId));
  return ended ? now : end;
}
