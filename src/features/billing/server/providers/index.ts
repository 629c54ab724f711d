import { getEnv } from "@/lib/env";
import { stripeSetupFromEnv, type StripeSetup } from "../stripe/client";
import { localCheckoutProvider } from "./local";
import { createStripeProvider } from "./stripe";
import type { CheckoutProvider, ProviderName } from "./types";

export type Providers = {
  /** The provider new checkouts use: Stripe when configured, else the local test mode. */
  checkout: CheckoutProvider;
  /** The provider that owns an existing subscription (local rows stay local after Stripe is set up). */
  byName(name: ProviderName | null | undefined): CheckoutProvider;
  stripe: StripeSetup | null;
};

export function createProviders(stripeSetup: StripeSetup | null): Providers {
  const stripe = stripeSetup ? createStripeProvider(stripeSetup) : null;
  return {
    checkout: stripe ?? localCheckoutProvider,
    byName: (name) => (name === "stripe" && stripe ? stripe : localCheckoutProvider),
    stripe: stripeSetup,
  };
}

let cached: Providers | undefined;

/** The providers of this process's environment (built once). */
export function getProviders(): Providers {
  cached ??= createProviders(stripeSetupFromEnv(getEnv()));
  return cached;
}
