import type { ProviderName } from "./payment-provider-definition";

/**
 * The ways to pay a one-off order with 微信支付 / 支付宝 (client-safe). The server decides which are
 * configured (`GET /api/checkout`) and validates the one chosen; the browser only picks the default
 * among them for its device.
 */
export const CHECKOUT_METHODS = ["wechat_native", "wechat_h5", "wechat_jsapi", "alipay_page", "alipay_wap", "alipay_qr"] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

/** Pseudo-method for the provider without a choice: Stripe Checkout, or the local test checkout. */
export const DEFAULT_METHOD = "default" as const;
export type CheckoutChoice = CheckoutMethod | typeof DEFAULT_METHOD;

/** A provider paid on our own QR page (微信支付 / 支付宝): `scanPrompt` in its definition. */
export type PaymentBrand = ProviderName;

/** Methods whose order is paid by scanning a QR on our own order page. */
export const QR_METHODS: readonly CheckoutMethod[] = ["wechat_native", "alipay_qr"];

export type DeviceKind = "wechat" | "mobile" | "desktop";

/** Inside WeChat's browser (MicroMessenger), another phone / tablet browser, or a desktop. */
export function deviceKindOf(userAgent: string): DeviceKind {
  if (/MicroMessenger/i.test(userAgent)) return "wechat";
  if (/Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent)) return "mobile";
  return "desktop";
}


/** `GET /api/checkout`: whether online payment is open and how one can pay here. */
export type CheckoutAvailability = {
  open: boolean;
  testMode: boolean;
  /** Stripe Checkout or the local test checkout (no method to choose). */
  defaultProvider: ProviderName | null;
  methods: CheckoutMethod[];
  /** JSAPI needs the 公众号 openid of a WeChat sign-in; null when 微信支付 is off or the visitor is anonymous. */
  wechatJsapi: "ready" | "needs-wechat-sign-in" | null;
};

/** WeixinJSBridge.invoke('getBrandWCPayRequest', …) parameters, signed by our server. */
export type JsapiPayParams = { appId: string; timeStamp: string; nonceStr: string; package: string; signType: "RSA"; paySign: string };

/** An order as its own page and its status route show it. `expired`: closed by its timeout. */
export type OrderStatus = "pending" | "paid" | "canceled" | "expired";

export type CheckoutOrderView = {
  id: string;
  number: string;
  planId: string;
  planName: string;
  interval: "month" | "year";
  amount: number;
  currency: string;
  brand: PaymentBrand | null;
  status: OrderStatus;
  expiresAt: string | null;
  /** The QR to scan (微信 Native code_url / 支付宝 qr_code), or the test-mode stand-in. */
  qr: { content: string; simulated: boolean } | null;
};
