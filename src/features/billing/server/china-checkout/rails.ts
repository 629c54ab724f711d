import { getEnv } from "@/lib/env";
import type { CheckoutMethod } from "../../checkout-methods";
import { getAlipaySetup, type AlipaySetup } from "../alipay";
import { getProviders } from "../providers";
import { getWechatPay, type WechatPayClient } from "../wechat-pay";

/** The Chinese payment rails of this process: each null when not configured. Tests pass their own. */
export type ChinaPay = {
  wechatPay: WechatPayClient | null;
  alipay: AlipaySetup | null;
  /** CHECKOUT_TEST_MODE: the local test checkout may simulate 微信支付 / 支付宝 scans. */
  localTestMode: boolean;
  /** SITE_URL without a trailing slash (H5 payments come back to our order page). */
  siteUrl: string;
};

export function getChinaPay(): ChinaPay {
  return { wechatPay: getWechatPay(), alipay: getAlipaySetup(), localTestMode: getProviders().localTestMode, siteUrl: getEnv().SITE_URL.replace(/\/+$/, "") };
}

/** The methods the server will accept: everything of each configured provider. */
export function configuredMethods(pay: Pick<ChinaPay, "wechatPay" | "alipay">): CheckoutMethod[] {
  return [...(pay.wechatPay ? (["wechat_native", "wechat_h5", "wechat_jsapi"] as const) : []), ...(pay.alipay ? (["alipay_page", "alipay_wap", "alipay_qr"] as const) : [])];
}
