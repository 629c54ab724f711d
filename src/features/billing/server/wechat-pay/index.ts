import { getEnv } from "@/lib/env";
import { WechatPayClient } from "./client";
import { wechatPaySetupFromEnv } from "./config";

export { WechatPayClient, WechatPayError } from "./client";
export { wechatPaySetupFromEnv, type WechatPaySetup } from "./config";
export { handleWechatPayNotification } from "./notification";
export { closeExpiredWechatPayOrder, createWechatPayOrder, queryWechatPayTransaction, syncWechatPayOrder, type JsapiPayParams, type WechatPayMethod, type WechatPayOrder, type WechatPayOrderInput } from "./orders";
export { wechatPayRefundGateway } from "./refunds";

let cached: { client: WechatPayClient | null } | undefined;

/**
 * This process's 微信支付 client, or null when WECHAT_PAY_MCH_ID is unset. Built once, so the
 * downloaded platform certificates are kept between requests.
 */
export function getWechatPay(): WechatPayClient | null {
  if (!cached) {
    const setup = wechatPaySetupFromEnv(getEnv());
    cached = { client: setup ? new WechatPayClient(setup) : null };
  }
  return cached.client;
}
