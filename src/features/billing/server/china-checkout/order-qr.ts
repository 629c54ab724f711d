import { and, eq } from "drizzle-orm";
import { checkoutOrders, type CheckoutOrder, type Database } from "@/lib/db";
import type { PaymentBrand } from "../../checkout-methods";
import { isQrProvider } from "../../payment-providers";
import { isTestQrOrder, testQrBrandOf } from "../local/test-qr";
import type { PaymentProviders } from "../providers/registry";

/** Our order page: the QR, the countdown and the polled status (`/dashboard/billing/checkout/{id}`). */
export const orderPagePath = (orderId: string) => `/dashboard/billing/checkout/${orderId}`;

/**
 * The QR of an order lives in `provider_session_id` (the column Stripe uses for its Checkout Session:
 * the provider's handle of the payment), so no column is added: 微信 Native `code_url` / 支付宝
 * `qr_code` as given, or `test-qr:{brand}:{orderId}` for a local test-mode order shown as a QR
 * (local/test-qr.ts).
 */

/** Which QR provider an order is paid with (a local order only once it was switched to a simulated QR). */
export function brandOfOrder(order: CheckoutOrder): PaymentBrand | null {
  return isQrProvider(order.provider) ? order.provider : testQrBrandOf(order);
}

/** What the order page renders as a QR, or null (page / wap / H5 / JSAPI orders have none). */
export function qrOfOrder(order: CheckoutOrder): { content: string; simulated: boolean } | null {
  if (isTestQrOrder(order)) return { content: `spark-test-pay:${order.id}`, simulated: true };
  if (isQrProvider(order.provider) && order.providerSessionId) return { content: order.providerSessionId, simulated: false };
  return null;
}

/** Until when an order is payable; null for orders without a timeout (Stripe, the plain test checkout). */
export function orderExpiresAt(order: CheckoutOrder, providers: PaymentProviders): Date | null {
  const timeout = providers.byId(order.provider).orderTimeoutMs?.(order) ?? null;
  return timeout === null ? null : new Date(order.createdAt.getTime() + timeout);
}

/** Keeps the QR content on a pending order (it is shown again on reload). */
export async function saveOrderQr(db: Database, orderId: string, content: string): Promise<void> {
  await db.update(checkoutOrders).set({ providerSessionId: content }).where(and(eq(checkoutOrders.id, orderId), eq(checkoutOrders.status, "pending")));
}
