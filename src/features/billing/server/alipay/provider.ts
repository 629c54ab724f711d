import { ApiRouteError } from "@/lib/api";
import type { CheckoutProvider } from "../providers/types";
import type { AlipaySetup } from "./config";
import { createAlipayPayment } from "./create-payment";

/** A one-off period bought with Alipay: there is nothing to resume, downgrade or manage at Alipay. */
const ONE_OFF = "支付宝购买的套餐按期生效，不会自动续费；到期前可再次购买以续期";

/** What managing an Alipay period allows: the period ends by itself; resuming or downgrading is refused. */
const oneOffManagement: Omit<CheckoutProvider, "startCheckout"> = {
  name: "alipay",
  async setCancelAtPeriodEnd(_context, _subscription, cancel) {
    if (!cancel) throw new ApiRouteError(409, ONE_OFF);
  },
  async scheduleDowngrade() {
    throw new ApiRouteError(409, ONE_OFF);
  },
  async undoDowngrade() {
    throw new ApiRouteError(409, ONE_OFF);
  },
  async portalUrl() {
    return null;
  },
};

/**
 * Alipay as a CheckoutProvider: checkout is a one-off order for one period (电脑网站支付 here; the
 * QR and wap variants are `createAlipayPayment` with another method). Cancel-at-period-end is
 * always on, so turning it off or scheduling a downgrade is refused.
 */
export function createAlipayProvider(setup: AlipaySetup): CheckoutProvider {
  return {
    ...oneOffManagement,
    async startCheckout({ db, userId, now }, { plan, interval }) {
      const payment = await createAlipayPayment(db, setup, { userId, plan, interval, method: "page", now });
      return { url: payment.method === "qr" ? `/checkout/${payment.orderId}` : payment.url };
    },
  };
}

/** Managing an Alipay subscription whatever the configuration (also when Alipay is switched off). */
export const alipayManagementOnly: CheckoutProvider = {
  ...oneOffManagement,
  async startCheckout() {
    throw new ApiRouteError(503, "支付宝支付未配置");
  },
};
