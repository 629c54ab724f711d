import type { Database, Subscription } from "@/lib/db";
import type { BillingInterval } from "../../plans";
import type { BillingPlan as Plan } from "../plan-catalog";
import type { CheckoutResult } from "../../schemas";

export type ProviderName = "local" | "stripe" | "alipay" | "wechat_pay";

export type BillingContext = { db: Database; userId: string; now: Date };

/**
 * Who takes the money. `local` is the embedded test-mode checkout; `stripe` is used when
 * STRIPE_SECRET_KEY is set. Rules (which changes are allowed) live in billing-actions.ts; a provider
 * only carries them out.
 */
export interface CheckoutProvider {
  readonly name: ProviderName;
  /** Starts paying for a plan (a first subscription or an upgrade); answers where the browser goes next. */
  startCheckout(context: BillingContext, input: { plan: Plan; interval: BillingInterval; current: Subscription | undefined }): Promise<CheckoutResult>;
  /** Turns cancel-at-period-end on (cancel) or off (resume). */
  setCancelAtPeriodEnd(context: BillingContext, subscription: Subscription, cancel: boolean): Promise<void>;
  /** Moves to a cheaper paid plan when the current period ends. */
  scheduleDowngrade(context: BillingContext, subscription: Subscription, target: { plan: Plan; interval: BillingInterval }): Promise<void>;
  /** Drops a scheduled downgrade: the current plan simply renews. */
  undoDowngrade(context: BillingContext, subscription: Subscription): Promise<void>;
  /** The provider's self-service page (payment methods, invoices), or null when it has none. */
  portalUrl(context: BillingContext, subscription: Subscription | undefined, returnUrl: string): Promise<string | null>;
}
