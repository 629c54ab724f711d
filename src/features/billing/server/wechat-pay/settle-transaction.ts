import { and, eq, inArray } from "drizzle-orm";
import { checkoutOrders, type CheckoutOrder, type Database } from "@/lib/db";
import { afterPaymentRecorded } from "../after-payment";
import { activatePaidOrder } from "../checkout-orders";
import type { WechatPaySetup } from "./config";

/** The out_trade_no of our order: its uuid without dashes (32 of [0-9a-f], inside WeChat's 6–32 [A-Za-z0-9_-|*]). */
export function outTradeNoOf(orderId: string): string {
  return orderId.replace(/-/g, "").toLowerCase();
}

/** Our order id for an out_trade_no, or null when it cannot be one of ours. */
export function orderIdOf(outTradeNo: string): string | null {
  const match = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/.exec(outTradeNo);
  return match ? match.slice(1).join("-") : null;
}

/** A transaction as WeChat Pay reports it (query answer or decrypted TRANSACTION.SUCCESS resource). */
export type WechatPayTransaction = {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; currency?: string };
};

/** A transaction that does not belong to us or does not match its order: refused, nothing changes. */
export class TransactionRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function findWechatPayOrder(db: Database, outTradeNo: string | undefined): Promise<CheckoutOrder | undefined> {
  const orderId = outTradeNo ? orderIdOf(outTradeNo) : null;
  if (!orderId) return undefined;
  const [order] = await db.select().from(checkoutOrders).where(and(eq(checkoutOrders.id, orderId), eq(checkoutOrders.provider, "wechat_pay"))).limit(1);
  return order;
}

export type SettleOutcome = "activated" | "already-paid" | "not-paid";

/**
 * Applies what WeChat Pay says about one of our transactions. It must be for our merchant and
 * app, name one of our 微信支付 orders, and carry exactly that order's amount in CNY; otherwise it is
 * refused. SUCCESS moves the order pending (or closed: the money was taken just before the close)
 * to paid with a conditional update, and only the caller that wins it activates the plan — in one
 * database transaction, so a failure leaves the order pending for WeChat's retry.
 */
export async function settleWechatPayTransaction(db: Database, setup: WechatPaySetup, transaction: WechatPayTransaction, now: Date): Promise<SettleOutcome> {
  if (transaction.mchid !== setup.mchId) throw new TransactionRefused("商户号不匹配", 400);
  if (transaction.appid !== setup.appId) throw new TransactionRefused("AppID 不匹配", 400);
  const order = await findWechatPayOrder(db, transaction.out_trade_no);
  if (!order) throw new TransactionRefused("订单不存在", 404);
  if (transaction.amount?.total !== order.amount || (transaction.amount.currency ?? "CNY") !== "CNY") throw new TransactionRefused("金额与订单不符", 400);
  if (transaction.trade_state !== "SUCCESS") return "not-paid";
  if (!transaction.transaction_id) throw new TransactionRefused("缺少微信支付订单号", 400);
  const transactionId = transaction.transaction_id;

  const outcome = await db.transaction(async (tx): Promise<SettleOutcome> => {
    const [paid] = await tx
      .update(checkoutOrders)
      .set({ status: "paid", completedAt: now, providerSessionId: transactionId })
      .where(and(eq(checkoutOrders.id, order.id), inArray(checkoutOrders.status, ["pending", "canceled"])))
      .returning();
    if (!paid) return "already-paid";
    await activatePaidOrder(tx, paid, { cancelAtPeriodEnd: true, providerPaymentId: `wechat_pay:${transactionId}` }, now);
    return "activated";
  });
  if (outcome === "activated") await afterPaymentRecorded(db, order.userId);
  return outcome;
}
