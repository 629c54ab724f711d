import { and, eq } from "drizzle-orm";
import { checkoutOrders, type CheckoutOrder, type Database } from "@/lib/db";
import type { PaymentBrand } from "../../checkout-methods";
import { ORDER_TIMEOUT_MS as WECHAT_PAY_TIMEOUT_MS } from "../wechat-pay/orders";

/**
 * How long an order of the local test checkout can be "scanned" once it shows a QR: like a real
 * one, it then expires (订单已过期) and the expired-orders job closes it.
 */
export const TEST_QR_TIMEOUT_MS = 15 * 60_000;
const DEFAULT_ALIPAY_TIMEOUT_MS = 15 * 60_000;

/**
 * The QR of an order lives in `provider_session_id` (the column Stripe uses for its Checkout Session:
 * the provider's handle of the payment), so no column is added: 微信 Native `code_url` / 支付宝
 * `qr_code` as given, or `test-qr:{brand}:{orderId}` for a local test-mode order shown as a QR.
 */
const TEST_PREFIX = "test-qr:";

export function testQrSessionId(brand: PaymentBrand, orderId: string): string {
  return `${TEST_PREFIX}${brand}:${orderId}`;
}

/** Which rail an order is paid on (a local order only once it was switched to a simulated QR). */
export function brandOfOrder(order: CheckoutOrder): PaymentBrand | null {
  if (order.provider === "wechat_pay" || order.provider === "alipay") return order.provider;
  if (order.provider === "local" && order.providerSessionId?.startsWith(TEST_PREFIX)) {
    const brand = order.providerSessionId.slice(TEST_PREFIX.length).split(":")[0];
    return brand === "wechat_pay" || brand === "alipay" ? brand : null;
  }
  return null;
}

export function isTestQrOrder(order: CheckoutOrder): boolean {
  return order.provider === "local" && brandOfOrder(order) !== null;
}

/** What the order page renders as a QR, or null (page / wap / H5 / JSAPI orders have none). */
export function qrOfOrder(order: CheckoutOrder): { content: string; simulated: boolean } | null {
  if (isTestQrOrder(order)) return { content: `spark-test-pay:${order.id}`, simulated: true };
  if ((order.provider === "wechat_pay" || order.provider === "alipay") && order.providerSessionId) return { content: order.providerSessionId, simulated: false };
  return null;
}

/** How long an order stays payable; null for orders without a timeout (Stripe, the plain test checkout). */
export function orderTimeoutMs(order: CheckoutOrder, alipayTimeoutMs: number | undefined): number | null {
  if (order.provider === "wechat_pay") return WECHAT_PAY_TIMEOUT_MS;
  if (order.provider === "alipay") return alipayTimeoutMs ?? DEFAULT_ALIPAY_TIMEOUT_MS;
  if (isTestQrOrder(order)) return TEST_QR_TIMEOUT_MS;
  return null;
}

export function orderExpiresAt(order: CheckoutOrder, alipayTimeoutMs: number | undefined): Date | null {
  const timeout = orderTimeoutMs(order, alipayTimeoutMs);
  return timeout === null ? null : new Date(order.createdAt.getTime() + timeout);
}

/** Keeps the QR content on a pending order (it is shown again on reload). */
export async function saveOrderQr(db: Database, orderId: string, content: string): Promise<void> {
  await db.update(checkoutOrders).set({ providerSessionId: content }).where(and(eq(checkoutOrders.id, orderId), eq(checkoutOrders.status, "pending")));
}
