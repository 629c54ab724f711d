import type { PaymentProviderDefinition } from "../../payment-provider-definition";

/** The embedded test checkout (client-safe). */
export const localDefinition: PaymentProviderDefinition = {
  id: "local",
  label: "测试支付",
  capabilities: { recurring: false, periodChanges: true, portal: false, testMode: true },
  methodsByDevice: { wechat: [], mobile: [], desktop: [] },
  checkoutLabel: "测试支付（不扣款）",
};
