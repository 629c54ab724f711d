import { ApiRouteError } from "@/lib/api";
import type { CheckoutMethod } from "../../checkout-methods";
import type { CheckoutResult } from "../../schemas";
import { orderPagePath, saveOrderQr } from "../china-checkout/order-qr";
import type { BillingContext, CreatePaymentInput } from "../providers/types";
import type { WechatPayClient } from "./client";
import { isTopUpOrder } from "../../topup";
import { createWechatPayOrder, type WechatPayMethod } from "./orders";

export const JSAPI_NEEDS_WECHAT_SIGN_IN = "在微信内付款需要先用微信登录，也可以改用支付宝";

const METHODS: Partial<Record<CheckoutMethod, WechatPayMethod>> = { wechat_native: "native", wechat_h5: "h5", wechat_jsapi: "jsapi" };

/**
 * Opens a 微信支付 order for one period: Native shows its code_url on our order page, H5 goes to
 * WeChat's cashier (which comes back to our order page), JSAPI answers the signed parameters.
 */
export async function startWechatPayCheckout({ db, userId, now }: BillingContext, client: WechatPayClient, siteUrl: string, { plan, interval, method, payer }: CreatePaymentInput): Promise<CheckoutResult> {
  const wechatMethod = (method && METHODS[method]) ?? "native";
  if (wechatMethod === "jsapi" && !payer.openid) throw new ApiRouteError(400, JSAPI_NEEDS_WECHAT_SIGN_IN);
  const order = await createWechatPayOrder(db, client, { userId, planId: plan.id, interval, method: wechatMethod, openid: payer.openid, clientIp: payer.clientIp, topUp: isTopUpOrder({ planId: plan.id }) ? plan : undefined }, now);
  const page = orderPagePath(order.orderId);
  switch (order.method) {
    case "native":
      await saveOrderQr(db, order.orderId, order.codeUrl);
      return { url: page };
    case "h5":
      // After paying, WeChat's H5 cashier sends the browser to redirect_url: our order page settles it.
      return { url: `${order.h5Url}${order.h5Url.includes("?") ? "&" : "?"}redirect_url=${encodeURIComponent(`${siteUrl}${page}`)}` };
    case "jsapi":
      return { url: page, jsapi: order.payParams };
  }
}
