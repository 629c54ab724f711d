import type { PaymentProviderDefinition } from "../../payment-provider-definition";

/** 微信支付 (client-safe): one order per period; JSAPI inside WeChat, H5 on another phone browser, Native QR on a desktop. */
export const wechatPayDefinition: PaymentProviderDefinition = {
  id: "wechat_pay",
  label: "微信支付",
  capabilities: { recurring: false, periodChanges: false, portal: false, testMode: false },
  methodsByDevice: { wechat: ["wechat_jsapi"], mobile: ["wechat_h5"], desktop: ["wechat_native"] },
  scanPrompt: "请使用微信扫一扫完成付款",
  // settle-transaction.ts records the charge under the transaction id, kept as the order's session id.
  chargeKeyOf: (order) => `wechat_pay:${order.providerSessionId}`,
};
