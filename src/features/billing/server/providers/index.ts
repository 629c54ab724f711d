import { getEnv, type Env } from "@/lib/env";
import { ApiRouteError } from "@/lib/api";
import { billingCopy } from "../../copy";
import { stripeSetupFromEnv, type StripeSetup } from "../stripe/client";
import { alipayManagementOnly } from "../alipay/provider";
import { localCheckoutProvider } from "./local";
import { oneOffManagementOnly } from "./one-off";
import { createStripeProvider } from "./stripe";
import type { CheckoutProvider, ProviderName } from "./types";

export type Providers = {
  /**
   * The provider new checkouts use: Stripe when configured, else the local test mode when it is
   * switched on, else none (online payment is not open: checkout answers 503).
   */
  checkout: CheckoutProvider | null;
  /** Whether the local test-mode checkout (/checkout/{id}, 支付成功 with no money) may run. */
  localTestMode: boolean;
  /** The provider that owns an existing subscription (local rows stay local after Stripe is set up). */
  byName(name: ProviderName | null | undefined): CheckoutProvider;
  stripe: StripeSetup | null;
};

const wechatPayManagementOnly = oneOffManagementOnly("wechat_pay");

export function createProviders(stripeSetup: StripeSetup | null, { localTestMode }: { localTestMode: boolean }): Providers {
  const stripe = stripeSetup ? createStripeProvider(stripeSetup) : null;
  return {
    checkout: stripe ?? (localTestMode ? localCheckoutProvider : null),
    localTestMode,
    // Managing an existing local subscription (cancel, downgrade) moves no money: it stays allowed.
    // An Alipay or 微信支付 period is one-off: it never falls back to the local provider, which would renew it for free.
    byName: (name) => (name === "stripe" && stripe ? stripe : name === "alipay" ? alipayManagementOnly : name === "wechat_pay" ? wechatPayManagementOnly : localCheckoutProvider),
    stripe: stripeSetup,
  };
}

/** CHECKOUT_TEST_MODE, defaulting to on only for `npm run dev`: a production build never sells plans for free. */
export function checkoutTestModeFromEnv(env: Env): boolean {
  return env.CHECKOUT_TEST_MODE ? env.CHECKOUT_TEST_MODE === "on" : env.NODE_ENV === "development";
}

let cached: Providers | undefined;

/** The providers of this process's environment (built once). */
export function getProviders(): Providers {
  cached ??= createProviders(stripeSetupFromEnv(getEnv()), { localTestMode: checkoutTestModeFromEnv(getEnv()) });
  return cached;
}

/** Throws 503 unless the local test-mode checkout is on: its page and its 支付成功 / 取消 endpoints. */
export function requireLocalTestCheckout(providers: Providers = getProviders()): void {
  if (!providers.localTestMode) throw new ApiRouteError(503, billingCopy.errors.paymentNotOpen);
}
