import type { PaymentProviderDefinition } from "../../payment-provider-definition";

/** Stripe (client-safe): Checkout Sessions for a subscription Stripe renews itself. */
export const stripeDefinition: PaymentProviderDefinition = {
  id: "stripe",
  label: "Stripe",
  capabilities: { recurring: true, periodChanges: true, portal: true, testMode: false },
  methodsByDevice: { wechat: [], mobile: [], desktop: [] },
  checkoutLabel: "银行卡（Stripe）",
};
