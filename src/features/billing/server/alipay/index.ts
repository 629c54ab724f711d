import { getEnv } from "@/lib/env";
import { alipaySetupFromEnv, type AlipaySetup } from "./config";

export { alipaySetupFromEnv, createAlipaySetup, type AlipaySetup } from "./config";
export { createAlipayPayment, type AlipayMethod, type AlipayPayment } from "./create-payment";
export { handleAlipayNotification, handleAlipayNotifyRequest } from "./notify";
export { syncAlipayOrder } from "./query";
export { closeExpiredAlipayOrders } from "./close-expired";
export { alipayRefundGateway } from "./refund";
export { alipayPaymentProvider } from "./payment-provider";

let cached: { setup: AlipaySetup | null } | undefined;

/** Alipay of this process's environment (built once); null when not configured. */
export function getAlipaySetup(): AlipaySetup | null {
  cached ??= { setup: alipaySetupFromEnv(getEnv()) };
  return cached.setup;
}
