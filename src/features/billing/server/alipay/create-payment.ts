import { ApiRouteError } from "@/lib/api";
import type { Database } from "@/lib/db";
import { billingCopy } from "../../copy";
import { isTopUpOrder } from "../../topup";
import { planPriceFen, type BillingInterval, type Plan } from "../../plans";
import { createCheckoutOrder } from "../checkout-orders";
import { AlipayCallError, expectSuccess } from "./call";
import type { AlipaySetup } from "./config";
import { fenToYuan, outTradeNoOf } from "./money";

/** 电脑网站支付 (page), 手机网站支付 (wap) or 当面付 precreate (a QR the buyer scans). */
export type AlipayMethod = "page" | "wap" | "qr";

export type AlipayPayment =
  | { method: "page" | "wap"; orderId: string; amount: number; expiresAt: Date; url: string }
  | { method: "qr"; orderId: string; amount: number; expiresAt: Date; qrCode: string };

const PRODUCT_CODE = { page: "FAST_INSTANT_TRADE_PAY", wap: "QUICK_WAP_WAY" } as const;

/** Alipay's time_expire is Beijing time, "yyyy-MM-dd HH:mm:ss". */
export function beijingTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

/**
 * Creates our order for one period of `plan` (the amount comes from the database plan, never from the
 * browser) and asks Alipay for the way to pay it: a signed gateway URL for page / wap pay (the
 * browser is sent there), or the `qr_code` content for precreate (render it as a QR).
 */
export async function createAlipayPayment(
  db: Database,
  setup: AlipaySetup,
  input: { userId: string; plan: Plan; interval: BillingInterval; method: AlipayMethod; now?: Date },
): Promise<AlipayPayment> {
  const now = input.now ?? new Date();
  const amount = planPriceFen(input.plan, input.interval);
  // Which plans a user may buy is billing-actions' rule; a free plan never reaches Alipay at all.
  if (amount <= 0) throw new ApiRouteError(400, billingCopy.errors.freePlanCheckout);
  const order = await createCheckoutOrder(db, { userId: input.userId, plan: input.plan, interval: input.interval, amount, provider: "alipay" });
  const expiresAt = new Date(now.getTime() + setup.orderTimeoutMs);
  const bizContent = {
    out_trade_no: outTradeNoOf(order),
    total_amount: fenToYuan(amount),
    subject: isTopUpOrder({ planId: input.plan.id }) ? `思维火花 ${input.plan.name}` : `思维火花 ${input.plan.name}（${input.interval === "year" ? "一年" : "一个月"}）`,
    time_expire: beijingTime(expiresAt),
  };
  const base = { orderId: order.id, amount, expiresAt };

  if (input.method === "qr") {
    const result = await setup.sdk.exec("alipay.trade.precreate", { notify_url: setup.notifyUrl, bizContent }, { validateSign: true });
    expectSuccess(result);
    if (typeof result.qr_code !== "string") throw new AlipayCallError("支付宝没有返回二维码", result);
    return { ...base, method: "qr", qrCode: result.qr_code };
  }
  const url = setup.sdk.pageExecute(input.method === "page" ? "alipay.trade.page.pay" : "alipay.trade.wap.pay", "GET", {
    notifyUrl: setup.notifyUrl,
    returnUrl: setup.returnUrl,
    bizContent: { ...bizContent, product_code: PRODUCT_CODE[input.method], ...(input.method === "wap" ? { quit_url: setup.returnUrl } : {}) },
  });
  return { ...base, method: input.method, url };
}
