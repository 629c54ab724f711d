import type { PaymentProviderDefinition } from "../../payment-provider-definition";

/** 支付宝 (client-safe): one order per period; 电脑网站支付 / 当面付二维码 on a desktop, 手机网站支付 elsewhere. */
export const alipayDefinition: PaymentProviderDefinition = {
  id: "alipay",
  label: "支付宝",
  capabilities: { recurring: false, periodChanges: false, portal: false, testMode: false },
  methodsByDevice: { wechat: ["alipay_wap"], mobile: ["alipay_wap"], desktop: ["alipay_page", "alipay_qr"] },
  scanPrompt: "请使用支付宝扫一扫完成付款",
};
