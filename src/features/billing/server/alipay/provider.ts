import { oneOffManagement, oneOffManagementOnly } from "../providers/one-off";
import type { CheckoutProvider } from "../providers/types";
import type { AlipaySetup } from "./config";
import { createAlipayPayment } from "./create-payment";

/**
 * Alipay as a CheckoutProvider: checkout is a one-off order for one period (电脑网站支付 here; the
 * QR and wap variants are `createAlipayPayment` with another method). Cancel-at-period-end is
 * always on, so turning it off or scheduling a downgrade is refused.
 */
export function createAlipayProvider(setup: AlipaySetup): CheckoutProvider {
  return {
    ...oneOffManagement("alipay"),
    async startCheckout({ db, userId, now }, { plan, interval }) {
      const payment = await createAlipayPayment(db, setup, { userId, plan, interval, method: "page", now });
      return { url: payment.method === "qr" ? `/checkout/${payment.orderId}` : payment.url };
    },
  };
}

/** Managing an Alipay subscription whatever the configuration (also when Alipay is switched off). */
export const alipayManagementOnly: CheckoutProvider = oneOffManagementOnly("alipay");
