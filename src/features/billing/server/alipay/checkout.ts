import { ApiRouteError } from "@/lib/api";
import type { CheckoutMethod } from "../../checkout-methods";
import type { CheckoutResult } from "../../schemas";
import { orderPagePath, saveOrderQr } from "../china-checkout/order-qr";
import type { BillingContext, CreatePaymentInput } from "../providers/types";
import type { AlipaySetup } from "./config";
import { createAlipayPayment, type AlipayMethod } from "./create-payment";

export const ALIPAY_UNAVAILABLE = "支付宝暂时不可用，请稍后重试";

const METHODS: Partial<Record<CheckoutMethod, AlipayMethod>> = { alipay_page: "page", alipay_wap: "wap", alipay_qr: "qr" };

/**
 * Opens an Alipay order for one period: 当面付 (qr) shows its qr_code on our order page, page / wap
 * pay go to Alipay's cashier.
 */
export async function startAlipayCheckout({ db, userId, now }: BillingContext, setup: AlipaySetup, { plan, interval, method }: CreatePaymentInput): Promise<CheckoutResult> {
  const payment = await createAlipayPayment(db, setup, { userId, plan, interval, method: (method && METHODS[method]) ?? "page", now }).catch((error: unknown) => {
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
