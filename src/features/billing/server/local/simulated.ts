import type { CheckoutOrder, Subscription } from "@/lib/db";
import type { PaymentBrand } from "../../checkout-methods";
import { isQrProvider } from "../../payment-providers";

/**
 * Test mode standing in for 微信支付 / 支付宝 where neither is configured: the same chooser and device
 * paths, 模拟支付 where the provider's page would be. The order stays a local one; what it simulates
 * is kept in columns local orders and periods otherwise leave empty (no column added):
 * - an order paid by a simulated QR: `provider_session_id` = `test-qr:{brand}:{orderId}` (test-qr.ts);
 * - an order paid on a simulated cashier page (电脑网站 / 手机网站 / H5 / JSAPI): `test-page:{brand}:{orderId}`;
 * - the period it bought: `subscriptions.provider_subscription_id` = `simulated:{brand}`, so the
 *   period follows that provider's rules (it ends, no 取消订阅 / 恢复订阅 / 降级) and not the test checkout's.
 */
export const TEST_QR_PREFIX = "test-qr:";
const TEST_PAGE_PREFIX = "test-page:";
const SIMULATED_PERIOD_PREFIX = "simulated:";

function brandAfter(prefix: string, value: string | null): PaymentBrand | null {
  if (!value?.startsWith(prefix)) return null;
  const brand = value.slice(prefix.length).split(":")[0] ?? "";
  return isQrProvider(brand) ? brand : null;
}

export function simulatedPageSessionId(brand: PaymentBrand, orderId: string): string {
  return `${TEST_PAGE_PREFIX}${brand}:${orderId}`;
}

/** The provider a local order paid on a simulated cashier page stands for, or null. */
export function simulatedPageBrandOf(order: Pick<CheckoutOrder, "provider" | "providerSessionId">): PaymentBrand | null {
  return order.provider === "local" ? brandAfter(TEST_PAGE_PREFIX, order.providerSessionId) : null;
}

/** The provider a local order stands for (simulated QR or cashier page), or null (the plain test checkout). */
export function simulatedBrandOf(order: Pick<CheckoutOrder, "provider" | "providerSessionId">): PaymentBrand | null {
  if (order.provider !== "local") return null;
  return brandAfter(TEST_QR_PREFIX, order.providerSessionId) ?? brandAfter(TEST_PAGE_PREFIX, order.providerSessionId);
}

/** What a period bought by a simulated order records as its provider's handle. */
export function simulatedPeriodId(brand: PaymentBrand): string {
  return `${SIMULATED_PERIOD_PREFIX}${brand}`;
}

/** The provider a local period stands for, or null (a period of the plain test checkout, or a real provider's). */
export function simulatedProviderOf(row: Pick<Subscription, "provider" | "providerSubscriptionId">): PaymentBrand | null {
  return row.provider === "local" ? brandAfter(SIMULATED_PERIOD_PREFIX, row.providerSubscriptionId) : null;
}
