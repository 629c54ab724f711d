import Stripe from "stripe";
import type { Env } from "@/lib/env";

/**
 * Stripe price ids from the environment (STRIPE_PRICE_*), by `{planId}_{interval}`: the fallback when
 * a plan in /admin/plans has none; missing ones are looked up / created by lookup key.
 */
export type StripePriceIds = Partial<Record<string, string>>;

export type StripeSetup = {
  stripe: Stripe;
  /** Null when STRIPE_WEBHOOK_SECRET is unset: webhooks are then refused. */
  webhookSecret: string | null;
  prices: StripePriceIds;
  /** Absolute base for Checkout success / cancel and portal return URLs. */
  siteUrl: string;
};

/**
 * A Stripe client; `apiBase` (STRIPE_API_BASE) points the SDK elsewhere through its host / port /
 * protocol options, which is how the contract tests reach their local fake of the Stripe API.
 */
export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

/** The Stripe setup of this environment, or null when STRIPE_SECRET_KEY is unset (local checkout). */
export function stripeSetupFromEnv(env: Env): StripeSetup | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return {
    stripe: createStripeClient(env.STRIPE_SECRET_KEY, env.STRIPE_API_BASE),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    prices: {
      pro_month: env.STRIPE_PRICE_PRO_MONTH,
      pro_year: env.STRIPE_PRICE_PRO_YEAR,
      team_month: env.STRIPE_PRICE_TEAM_MONTH,
      team_year: env.STRIPE_PRICE_TEAM_YEAR,
    },
    siteUrl: env.SITE_URL.replace(/\/+$/, ""),
  };
}
