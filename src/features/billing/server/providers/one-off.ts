import { ApiRouteError } from "@/lib/api";
import type { CheckoutProvider } from "./types";

/** The providers that sell one-off periods (no 委托代扣 / recurring deduction). */
export type OneOffProviderName = "alipay" | "wechat_pay";

const BRAND: Record<OneOffProviderName, string> = { alipay: "支付宝", wechat_pay: "微信支付" };

/**
 * Managing a period bought once with 支付宝 or 微信支付: it ends by itself (cancel-at-period-end is
 * always on), so there is nothing to resume or to downgrade at its end; a new order renews it.
 * Never the local provider's rules, which would renew the period for free.
 */
export function oneOffManagement(name: OneOffProviderName): Omit<CheckoutProvider, "startCheckout"> {
  const refusal = `${BRAND[name]}购买的套餐按期生效，不会自动续费；到期前可再次购买以续期`;
  return {
    name,
    async setCancelAtPeriodEnd(_context, _subscription, cancel) {
      if (!cancel) throw new ApiRouteError(409, refusal);
    },
    async scheduleDowngrade() {
      throw new ApiRouteError(409, refusal);
    },
    async undoDowngrade() {
      throw new ApiRouteError(409, refusal);
    },
    async portalUrl() {
      return null;
    },
  };
}

/** Managing a one-off period whatever the configuration (also when its provider is switched off): no new checkout. */
export function oneOffManagementOnly(name: OneOffProviderName): CheckoutProvider {
  return {
    ...oneOffManagement(name),
    async startCheckout() {
      throw new ApiRouteError(503, `${BRAND[name]}未配置`);
    },
  };
}
