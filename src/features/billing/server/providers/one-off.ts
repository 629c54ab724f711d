import { ApiRouteError } from "@/lib/api";
import type { PaymentProviderDefinition } from "../../payment-provider-definition";
import type { PeriodManagement } from "./types";

/**
 * Managing a period bought once with 支付宝 or 微信支付: it ends by itself (cancel-at-period-end is
 * always on), so there is nothing to resume or to downgrade at its end; a new order renews it.
 * Never the local provider's rules, which would renew the period for free. Works whatever the
 * configuration (also when the provider is switched off).
 */
export function oneOffManagement({ label }: PaymentProviderDefinition): PeriodManagement {
  const refusal = `${label}购买的套餐按期生效，不会自动续费；到期前可再次购买以续期`;
  return {
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

/** A provider whose environment variables are unset takes no new payment. */
export function notConfigured({ label }: PaymentProviderDefinition): never {
  throw new ApiRouteError(503, `${label}未配置`);
}
