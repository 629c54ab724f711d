import { and, eq } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { checkoutOrders, type Database } from "@/lib/db";
import { billingCopy } from "../../copy";
import type { PaymentBrand } from "../../checkout-methods";
import { completeLocalOrder, getCheckoutOrder } from "../checkout-orders";
import { orderExpiresAt, TEST_QR_TIMEOUT_MS, testQrSessionId } from "./order-qr";

export const ORDER_EXPIRED = "订单已过期，请重新下单";

/**
 * CHECKOUT_TEST_MODE: a local test order is shown as a 微信支付 / 支付宝 QR on the real order page
 * (its amount, its countdown). Only a pending local order of this user, before its timeout; choosing
 * again switches the brand. The caller checks that the test mode is on.
 */
export async function showLocalOrderAsQr(db: Database, userId: string, orderId: string, brand: PaymentBrand, now = new Date()): Promise<void> {
  const order = await getCheckoutOrder(db, userId, orderId);
  if (!order || order.provider !== "local") throw new ApiRouteError(404, billingCopy.errors.orderNotFound);
  if (order.status !== "pending") throw new ApiRouteError(409, order.status === "paid" ? billingCopy.errors.orderAlreadyPaid : billingCopy.errors.orderClosed);
  if (now.getTime() >= order.createdAt.getTime() + TEST_QR_TIMEOUT_MS) throw new ApiRouteError(409, ORDER_EXPIRED);
  await db
    .update(checkoutOrders)
    .set({ providerSessionId: testQrSessionId(brand, order.id) })
    .where(and(eq(checkoutOrders.id, order.id), eq(checkoutOrders.provider, "local"), eq(checkoutOrders.status, "pending")));
}

/** 模拟扫码支付: pays a pending test QR order before its timeout, exactly like 支付成功 on the test checkout. */
export async function simulateQrScan(db: Database, userId: string, orderId: string, now = new Date()): Promise<void> {
  const order = await getCheckoutOrder(db, userId, orderId);
  const expiresAt = order?.provider === "local" ? orderExpiresAt(order, undefined) : null;
  if (!order || !expiresAt) throw new ApiRouteError(404, billingCopy.errors.orderNotFound);
  if (order.status === "pending" && now >= expiresAt) throw new ApiRouteError(409, ORDER_EXPIRED);
  await completeLocalOrder(db, userId, orderId, now);
}
