import { and, eq, like, lte } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { checkoutOrders, type CheckoutOrder, type Database } from "@/lib/db";
import { billingCopy } from "../../copy";
import type { PaymentBrand } from "../../checkout-methods";
import { isQrProvider } from "../../payment-providers";
import { completeLocalOrder, getCheckoutOrder } from "../checkout-orders";
import { TEST_QR_PREFIX } from "./simulated";

export const ORDER_EXPIRED = "订单已过期，请重新下单";

/**
 * How long an order of the local test checkout can be "scanned" once it shows a QR: like a real
 * one, it then expires (订单已过期) and the expired-orders job closes it.
 */
export const TEST_QR_TIMEOUT_MS = 15 * 60_000;

/**
 * A local order shown as a QR keeps `test-qr:{brand}:{orderId}` in `provider_session_id` (the
 * provider's handle of the payment, see china-checkout/order-qr.ts and ./simulated.ts), so no column is added.
 */
const TEST_PREFIX = TEST_QR_PREFIX;

export function testQrSessionId(brand: PaymentBrand, orderId: string): string {
  return `${TEST_PREFIX}${brand}:${orderId}`;
}

/** The QR provider a local order simulates, or null (a plain test checkout order). */
export function testQrBrandOf(order: CheckoutOrder): PaymentBrand | null {
  if (order.provider !== "local" || !order.providerSessionId?.startsWith(TEST_PREFIX)) return null;
  const brand = order.providerSessionId.slice(TEST_PREFIX.length).split(":")[0] ?? "";
  return isQrProvider(brand) ? brand : null;
}

export function isTestQrOrder(order: CheckoutOrder): boolean {
  return testQrBrandOf(order) !== null;
}

/** A simulated QR order expires like a real one; the plain test checkout has no timeout. */
export function testOrderTimeoutMs(order: CheckoutOrder): number | null {
  return isTestQrOrder(order) ? TEST_QR_TIMEOUT_MS : null;
}

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
export async function simulateQrScan(db: Database, userId: string, orderId: string, now = new Date()): Promise<CheckoutOrder> {
  const order = await getCheckoutOrder(db, userId, orderId);
  const timeout = order ? testOrderTimeoutMs(order) : null;
  if (!order || timeout === null) throw new ApiRouteError(404, billingCopy.errors.orderNotFound);
  if (order.status === "pending" && now.getTime() >= order.createdAt.getTime() + timeout) throw new ApiRouteError(409, ORDER_EXPIRED);
  return completeLocalOrder(db, userId, orderId, now);
}

/** Closes one simulated QR order past its timeout (a poll of its page). */
export async function closeTestQrOrder(db: Database, order: CheckoutOrder, now: Date): Promise<void> {
  await db.update(checkoutOrders).set({ status: "canceled", completedAt: now }).where(and(eq(checkoutOrders.id, order.id), eq(checkoutOrders.status, "pending")));
}

/** The expired-orders job's part for the test mode: every simulated QR order past its timeout. */
export async function closeExpiredTestQrOrders(db: Database, now: Date): Promise<number> {
  const closed = await db
    .update(checkoutOrders)
    .set({ status: "canceled", completedAt: now })
    .where(and(eq(checkoutOrders.provider, "local"), eq(checkoutOrders.status, "pending"), like(checkoutOrders.providerSessionId, `${TEST_PREFIX}%`), lte(checkoutOrders.createdAt, new Date(now.getTime() - TEST_QR_TIMEOUT_MS))))
    .returning({ id: checkoutOrders.id });
  return closed.length;
}
