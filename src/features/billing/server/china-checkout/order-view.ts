import { and, eq } from "drizzle-orm";
import { checkoutOrders, type CheckoutOrder, type Database } from "@/lib/db";
import type { CheckoutOrderView, OrderStatus } from "../../checkout-methods";
import { formatOrderNumber } from "../../format";
import { getPlanCatalog, type PlanCatalog } from "../plan-catalog";
import { syncAlipayOrder } from "../alipay";
import { getCheckoutOrder } from "../checkout-orders";
import { closeExpiredWechatPayOrder, syncWechatPayOrder } from "../wechat-pay";
import { brandOfOrder, isTestQrOrder, orderExpiresAt, qrOfOrder } from "./order-qr";
import type { ChinaPay } from "./rails";

/** A poll may ask the provider about one order at most this often (per process): polling by a script must not spend the merchant's API quota. */
export const MIN_QUERY_INTERVAL_MS = 2000;
const lastQueried = new Map<string, number>();

function mayQuery(orderId: string, now: Date, minIntervalMs: number): boolean {
  const last = lastQueried.get(orderId);
  if (last !== undefined && now.getTime() - last < minIntervalMs) return false;
  if (lastQueried.size >= 10_000) lastQueried.clear();
  lastQueried.set(orderId, now.getTime());
  return true;
}

/** Closed by its timeout (not canceled by the user before it). A pending order past it is no longer payable. */
function statusOf(order: CheckoutOrder, expiresAt: Date | null, now: Date): OrderStatus {
  if (!expiresAt) return order.status;
  if (order.status === "pending" && now >= expiresAt) return "expired";
  if (order.status === "canceled" && order.completedAt && order.completedAt >= expiresAt) return "expired";
  return order.status;
}

export function orderView(order: CheckoutOrder, pay: Pick<ChinaPay, "alipay">, catalog: PlanCatalog, now: Date): CheckoutOrderView {
  const expiresAt = orderExpiresAt(order, pay.alipay?.orderTimeoutMs);
  const status = statusOf(order, expiresAt, now);
  return {
    id: order.id,
    number: formatOrderNumber(order),
    planId: order.planId,
    planName: catalog.orFree(order.planId).name,
    interval: order.interval,
    amount: order.amount,
    currency: order.currency,
    brand: brandOfOrder(order),
    status,
    expiresAt: expiresAt?.toISOString() ?? null,
    qr: status === "pending" ? qrOfOrder(order) : null,
  };
}

/**
 * Asks the provider about a pending order (a poll or a return without a notification yet) and settles
 * it the way a notification would; an order past its timeout is closed (the provider is asked first,
 * so a payment that landed meanwhile still counts). A provider that does not answer changes nothing:
 * the page keeps polling and the notification remains the source of truth.
 */
async function syncPendingOrder(db: Database, pay: ChinaPay, order: CheckoutOrder, now: Date, minQueryIntervalMs: number): Promise<void> {
  const expiresAt = orderExpiresAt(order, pay.alipay?.orderTimeoutMs);
  const expired = expiresAt !== null && now >= expiresAt;
  if (!isTestQrOrder(order) && !mayQuery(order.id, now, minQueryIntervalMs)) return;
  try {
    if (order.provider === "wechat_pay" && pay.wechatPay) {
      if (expired) await closeExpiredWechatPayOrder(db, pay.wechatPay, order.id, now);
      else await syncWechatPayOrder(db, pay.wechatPay, order.userId, order.id, now);
    } else if (order.provider === "alipay" && pay.alipay) {
      await syncAlipayOrder(db, pay.alipay, order.userId, order.id, now);
    } else if (isTestQrOrder(order) && expired) {
      await db.update(checkoutOrders).set({ status: "canceled", completedAt: now }).where(and(eq(checkoutOrders.id, order.id), eq(checkoutOrders.status, "pending")));
    }
  } catch (error) {
    console.warn("查询支付订单失败", error instanceof Error ? error.message : error);
  }
}

/**
 * This user's order as its page shows it, or null — also for another user's order id (the route
 * answers 404 and reveals nothing). `sync` asks the provider about a pending order first.
 */
export async function readCheckoutOrderView(
  db: Database,
  pay: ChinaPay,
  userId: string,
  orderId: string,
  { now = new Date(), sync = false, minQueryIntervalMs = MIN_QUERY_INTERVAL_MS }: { now?: Date; sync?: boolean; minQueryIntervalMs?: number } = {},
): Promise<CheckoutOrderView | null> {
  const order = await getCheckoutOrder(db, userId, orderId);
  if (!order) return null;
  const catalog = await getPlanCatalog(db);
  if (!sync || order.status !== "pending") return orderView(order, pay, catalog, now);
  await syncPendingOrder(db, pay, order, now, minQueryIntervalMs);
  const after = await getCheckoutOrder(db, userId, orderId);
  return after ? orderView(after, pay, catalog, now) : null;
}
