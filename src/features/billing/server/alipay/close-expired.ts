import { and, eq, lte } from "drizzle-orm";
import { checkoutOrders, type CheckoutOrder, type Database } from "@/lib/db";
import { AlipayCallError } from "./call";
import type { AlipaySetup } from "./config";
import { outTradeNoOf } from "./money";
import { settleAlipayTrade, tradeReportOf, type SettleOutcome } from "./settle-trade";

/**
 * Closes one unpaid order whose time is up: `alipay.trade.close` at Alipay (a trade nobody scanned
 * does not exist there, which is fine), then our order. If the buyer paid in the meantime Alipay
 * refuses to close; the trade is then queried and settled instead, so no payment is ever lost.
 */
export async function closeAlipayOrderIfExpired(db: Database, setup: AlipaySetup, order: CheckoutOrder, now: Date): Promise<SettleOutcome | "not_expired"> {
  if (order.status !== "pending" || order.createdAt.getTime() + setup.orderTimeoutMs > now.getTime()) return "not_expired";
  const outTradeNo = outTradeNoOf(order);
  const closed = await setup.sdk.exec("alipay.trade.close", { bizContent: { out_trade_no: outTradeNo } }, { validateSign: true });
  if (closed.code !== "10000" && closed.sub_code !== "ACQ.TRADE_NOT_EXIST") {
    if (closed.sub_code !== "ACQ.TRADE_STATUS_ERROR") throw new AlipayCallError(`支付宝关闭订单失败：${String(closed.sub_msg ?? closed.msg)}`, closed);
    const trade = await setup.sdk.exec("alipay.trade.query", { bizContent: { out_trade_no: outTradeNo } }, { validateSign: true });
    if (trade.code !== "10000") throw new AlipayCallError(`支付宝查询失败：${String(trade.sub_msg ?? trade.msg)}`, trade);
    return settleAlipayTrade(db, tradeReportOf(trade), now);
  }
  await db
    .update(checkoutOrders)
    .set({ status: "canceled", completedAt: now })
    .where(and(eq(checkoutOrders.id, order.id), eq(checkoutOrders.status, "pending")));
  return "closed";
}

/**
 * Closes every expired unpaid Alipay order. There is no scheduler in this app (period changes are
 * applied lazily on read), so this runs lazily too: `syncAlipayOrder` closes the order it is asked
 * about, and an operator job (or a future cron) can call this for the rest. Answers how many closed.
 */
export async function closeExpiredAlipayOrders(db: Database, setup: AlipaySetup, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - setup.orderTimeoutMs);
  const expired = await db
    .select()
    .from(checkoutOrders)
    .where(and(eq(checkoutOrders.provider, "alipay"), eq(checkoutOrders.status, "pending"), lte(checkoutOrders.createdAt, cutoff)))
    .limit(200);
  let count = 0;
  for (const order of expired) {
    if ((await closeAlipayOrderIfExpired(db, setup, order, now)) === "closed") count += 1;
  }
  return count;
}
