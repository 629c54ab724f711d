import { and, eq, like, lte } from "drizzle-orm";
import { checkoutOrders, type Database } from "@/lib/db";
import { closeExpiredAlipayOrders } from "../alipay";
import { closeExpiredWechatPayOrder } from "../wechat-pay";
import { ORDER_TIMEOUT_MS as WECHAT_PAY_TIMEOUT_MS } from "../wechat-pay/orders";
import { TEST_QR_TIMEOUT_MS } from "./order-qr";
import type { ChinaPay } from "./rails";

const BATCH = 200;

export type ClosedOrders = { alipay: number; wechatPay: number; testQr: number };

async function closeWechatPay(db: Database, pay: ChinaPay, now: Date): Promise<number> {
  if (!pay.wechatPay) return 0;
  const expired = await db
    .select({ id: checkoutOrders.id })
    .from(checkoutOrders)
    .where(and(eq(checkoutOrders.provider, "wechat_pay"), eq(checkoutOrders.status, "pending"), lte(checkoutOrders.createdAt, new Date(now.getTime() - WECHAT_PAY_TIMEOUT_MS))))
    .limit(BATCH);
  let closed = 0;
  for (const { id } of expired) {
    // One order WeChat cannot close now must not keep the others open: it is tried again next run.
    const status = await closeExpiredWechatPayOrder(db, pay.wechatPay, id, now).catch((error: unknown) => {
      console.warn("关闭超时的微信支付订单失败", id, error instanceof Error ? error.message : error);
      return null;
    });
    if (status === "canceled") closed += 1;
  }
  return closed;
}

async function closeTestQr(db: Database, now: Date): Promise<number> {
  const closed = await db
    .update(checkoutOrders)
    .set({ status: "canceled", completedAt: now })
    .where(and(eq(checkoutOrders.provider, "local"), eq(checkoutOrders.status, "pending"), like(checkoutOrders.providerSessionId, "test-qr:%"), lte(checkoutOrders.createdAt, new Date(now.getTime() - TEST_QR_TIMEOUT_MS))))
    .returning({ id: checkoutOrders.id });
  return closed.length;
}

/**
 * Closes every unpaid order past its timeout: 支付宝 (`alipay.trade.close`), 微信支付 (query, then
 * close) and the test mode's simulated QR orders. A payment that landed before the close is settled
 * instead (each provider's close asks first). Each order moves with a conditional update, so two
 * runs at once (another process) close or settle it once.
 */
export async function closeExpiredOrders(db: Database, pay: ChinaPay, now = new Date()): Promise<ClosedOrders> {
  const alipay = pay.alipay
    ? await closeExpiredAlipayOrders(db, pay.alipay, now).catch((error: unknown) => {
        console.warn("关闭超时的支付宝订单失败", error instanceof Error ? error.message : error);
        return 0;
      })
    : 0;
  return { alipay, wechatPay: await closeWechatPay(db, pay, now), testQr: await closeTestQr(db, now) };
}
