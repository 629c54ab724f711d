import { ApiRouteError } from "@/lib/api";
import type { Database } from "@/lib/db";
import { brandOfMethod, type CheckoutMethod } from "../../checkout-methods";
import type { BillingInterval, Plan } from "../../plans";
import type { CheckoutResult } from "../../schemas";
import { createAlipayPayment } from "../alipay";
import { createWechatPayOrder } from "../wechat-pay";
import { saveOrderQr } from "./order-qr";
import { configuredMethods, type ChinaPay } from "./rails";

/** Who pays, as far as a method needs it: the 公众号 openid (JSAPI) and the client IP (H5). */
export type Payer = { openid?: string; clientIp?: string };

export const METHOD_NOT_OPEN = "该支付方式暂未开通，请选择其他支付方式";
export const ALIPAY_UNAVAILABLE = "支付宝暂时不可用，请稍后重试";
export const JSAPI_NEEDS_WECHAT_SIGN_IN = "在微信内付款需要先用微信登录，也可以改用支付宝";

/** Our order page: the QR, the countdown and the polled status (`/dashboard/billing/checkout/{id}`). */
export const orderPagePath = (orderId: string) => `/dashboard/billing/checkout/${orderId}`;

/**
 * Opens an order for one period of `plan` with the chosen 微信支付 / 支付宝 method (which plans may be
 * bought is decided before, in billing-actions). Answers where the browser goes: our order page for
 * QR and JSAPI (with the signed parameters), the provider's own page for page / wap / H5 pay.
 */
export async function startChinaCheckout(
  db: Database,
  pay: ChinaPay,
  input: { userId: string; plan: Plan; interval: BillingInterval; method: CheckoutMethod; payer: Payer; now: Date },
): Promise<CheckoutResult> {
  const { userId, plan, interval, method, payer, now } = input;
  if (!configuredMethods(pay).includes(method)) throw new ApiRouteError(400, METHOD_NOT_OPEN);

  if (brandOfMethod(method) === "wechat_pay") {
    if (method === "wechat_jsapi" && !payer.openid) throw new ApiRouteError(400, JSAPI_NEEDS_WECHAT_SIGN_IN);
    const wechatMethod = method === "wechat_native" ? "native" : method === "wechat_h5" ? "h5" : "jsapi";
    const order = await createWechatPayOrder(db, pay.wechatPay!, { userId, planId: plan.id, interval, method: wechatMethod, openid: payer.openid, clientIp: payer.clientIp }, now);
    const page = orderPagePath(order.orderId);
    switch (order.method) {
      case "native":
        await saveOrderQr(db, order.orderId, order.codeUrl);
        return { url: page };
      case "h5":
        // After paying, WeChat's H5 cashier sends the browser to redirect_url: our order page settles it.
        return { url: `${order.h5Url}${order.h5Url.includes("?") ? "&" : "?"}redirect_url=${encodeURIComponent(`${pay.siteUrl}${page}`)}` };
      case "jsapi":
        return { url: page, jsapi: order.payParams };
    }
  }

  const alipayMethod = method === "alipay_page" ? "page" : method === "alipay_wap" ? "wap" : "qr";
  const payment = await createAlipayPayment(db, pay.alipay!, { userId, plan, interval, method: alipayMethod, now }).catch((error: unknown) => {
    if (error instanceof ApiRouteError) throw error;
    // The order stays pending and unpaid; the expired-orders job closes it after its timeout.
    console.error("支付宝下单失败", error instanceof Error ? error.message : error);
    throw new ApiRouteError(502, ALIPAY_UNAVAILABLE);
  });
  if (payment.method === "qr") {
    await saveOrderQr(db, payment.orderId, payment.qrCode);
    return { url: orderPagePath(payment.orderId) };
  }
  return { url: payment.url };
}
