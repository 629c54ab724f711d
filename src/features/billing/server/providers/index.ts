import { getEnv, type Env } from "@/lib/env";
import { ApiRouteError } from "@/lib/api";
import { billingCopy } from "../../copy";
import { getAlipaySetup } from "../alipay";
import { stripeSetupFromEnv } from "../stripe/client";
import { getWechatPay } from "../wechat-pay";
import { createPaymentProviders, type PaymentProviders } from "./registry";
import type { PaymentSetup } from "./types";

export { createPaymentProviders, type PaymentProviders } from "./registry";
export type { BillingContext, CreatePaymentInput, Payer, PaymentProvider, PaymentSetup, PeriodManagement, ProviderName } from "./types";

/** CHECKOUT_TEST_MODE, defaulting to on only for `npm run dev`: a production build never sells plans for free. */
export function checkoutTestModeFromEnv(env: Env): boolean {
  return env.CHECKOUT_TEST_MODE ? env.CHECKOUT_TEST_MODE === "on" : env.NODE_ENV === "development";
}

/** Every provider's setup from this process's environment (each null when its variables are unset). */
export function paymentSetupFromEnv(): PaymentSetup {
  const env = getEnv();
  return { stripe: stripeSetupFromEnv(env), alipay: getAlipaySetup(), wechatPay: getWechatPay(), localTestMode: checkoutTestModeFromEnv(env), siteUrl: env.SITE_URL.replace(/\/+$/, "") };
}

let cached: PaymentProviders | undefined;

/** The providers of this process's environment (built once). */
export function getProviders(): PaymentProviders {
  cached ??= createPaymentProviders(paymentSetupFromEnv());
  return cached;
}

/** Throws 503 unless the local test-mode checkout is on: its page and its 支付成功 / 取消 endpoints. */
export function requireLocalTestCheckout(providers: PaymentProviders = getProviders()): void {
  if (!providers.localTestMode) throw new ApiRouteError(503, billingCopy.errors.paymentNotOpen);
}
