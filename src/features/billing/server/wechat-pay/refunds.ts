import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { billingWebhookEvents, payments, subscriptions, type CheckoutOrder, type Database } from "@/lib/db";
import type { WechatPayClient } from "./client";
import type { WechatPaySetup } from "./config";
import { findWechatPayOrder, outTradeNoOf } from "./settle-transaction";

/** A refund as WeChat Pay reports it (refund answer or decrypted REFUND.* resource). */
export type WechatPayRefund = {
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  out_refund_no?: string;
  refund_status?: string;
  status?: string;
  amount?: { total?: number; refund?: number };
};

export class RefundRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * What a successful refund does to the plan (billing had no refunds before; this is the smallest
 * rule that keeps money and service in step): refunding R of an order's T 分 removes R/T of the
 * period that order bought, counted back from its end. A full refund (or refunds adding up to it)
 * therefore ends the plan now. Only the subscription's current period is touched — a refund of an
 * older, already superseded order changes no plan. Each out_refund_no is applied once (its key in
 * billing_webhook_events, written in the same database transaction).
 */
export async function applyRefundResult(db: Database, setup: WechatPaySetup, refund: WechatPayRefund, now: Date): Promise<"applied" | "duplicate" | "ignored"> {
  if (refund.mchid !== setup.mchId) throw new RefundRefused("商户号不匹配", 400);
  const order = await findWechatPayOrder(db, refund.out_trade_no);
  if (!order || order.status !== "paid") throw new RefundRefused("订单不存在", 404);
  const refunded = refund.amount?.refund;
  if (refund.amount?.total !== order.amount || !Number.isInteger(refunded) || refunded! <= 0 || refunded! > order.amount) throw new RefundRefused("退款金额与订单不符", 400);
  if ((refund.refund_status ?? refund.status) !== "SUCCESS" || !refund.out_refund_no) return "ignored";
  const refundKey = `wechat_pay:refund:${refund.out_refund_no}`;

  return db.transaction(async (tx) => {
    const [fresh] = await tx.insert(billingWebhookEvents).values({ id: refundKey, provider: "wechat_pay", type: "REFUND.SUCCESS", processedAt: now }).onConflictDoNothing().returning();
    if (!fresh) return "duplicate";
    // The order's own period (a renewal's starts where the previous period ended), not the
    // subscription's: a refunded renewal shortens the run from its end just like a first purchase.
    const period = await orderPeriodOf(tx, order);
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, order.userId)).limit(1);
    const inRun =
      period && subscription?.currentPeriodEnd && period.periodStart >= subscription.currentPeriodStart && period.periodStart < subscription.currentPeriodEnd;
    const current = inRun && subscription.provider === "wechat_pay" && subscription.status !== "canceled";
    if (!current || !period || period.periodEnd <= now) return "applied";
    const length = period.periodEnd.getTime() - period.periodStart.getTime();
    const end = new Date(subscription.currentPeriodEnd!.getTime() - Math.round((length * refunded!) / order.amount));
    await tx
      .update(subscriptions)
      .set(end <= now ? { status: "canceled", currentPeriodEnd: now, updatedAt: now } : { currentPeriodEnd: end, updatedAt: now })
      .where(eq(subscriptions.userId, order.userId));
    return "applied";
  });
}

/** The period an order bought: recorded on the order since renewals, else on its payment row (older orders). */
async function orderPeriodOf(db: Database, order: CheckoutOrder): Promise<{ periodStart: Date; periodEnd: Date } | null> {
  if (order.periodStart && order.periodEnd) return { periodStart: order.periodStart, periodEnd: order.periodEnd };
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, "wechat_pay"), eq(payments.providerPaymentId, `wechat_pay:${order.providerSessionId}`)))
    .limit(1);
  return payment?.periodStart && payment.periodEnd ? { periodStart: payment.periodStart, periodEnd: payment.periodEnd } : null;
}

/**
 * Refunds a paid 微信支付 order, fully or in part (`amount` in 分; default the whole order), through
 * POST /v3/refund/domestic/refunds. For the operator console: it checks nothing about who asks.
 * WeChat usually answers PROCESSING and confirms with a REFUND.SUCCESS notification; an immediate
 * SUCCESS is applied at once (the notification then changes nothing).
 */
export async function refundWechatPayOrder(db: Database, client: WechatPayClient, input: { orderId: string; amount?: number; reason?: string }, now = new Date()): Promise<{ outRefundNo: string; status: string }> {
  const order = await findWechatPayOrder(db, outTradeNoOf(input.orderId));
  if (!order || order.status !== "paid") throw new ApiRouteError(404, "没有可退款的微信支付订单");
  const amount = input.amount ?? order.amount;
  if (!Number.isInteger(amount) || amount <= 0 || amount > order.amount) throw new ApiRouteError(400, "退款金额必须是 1 分到订单金额之间的整数");
  const outRefundNo = `${outTradeNoOf(order.id)}_${randomBytes(6).toString("hex")}`;
  const { data } = await client.request<WechatPayRefund>("POST", "/v3/refund/domestic/refunds", {
    out_trade_no: outTradeNoOf(order.id),
    out_refund_no: outRefundNo,
    ...(input.reason ? { reason: input.reason.slice(0, 80) } : {}),
    notify_url: client.setup.notifyUrl,
    amount: { refund: amount, total: order.amount, currency: "CNY" },
  });
  const status = data?.status ?? "PROCESSING";
  if (status === "SUCCESS") await applyRefundResult(db, client.setup, { ...data, mchid: client.setup.mchId, out_trade_no: outTradeNoOf(order.id), out_refund_no: outRefundNo }, now);
  return { outRefundNo, status };
}
