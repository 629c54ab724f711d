import { ApiRouteError } from "@/lib/api";
import type { Subscription } from "@/lib/db";
import { planPriceFen, type BillingInterval } from "../../plans";
import type { CheckoutResult } from "../../schemas";
import { getPlanCatalog, type BillingPlan } from "../plan-catalog";
import { billingCopy } from "../../copy";
import { createCheckoutOrder } from "../checkout-orders";
import { clearScheduledChange, saveScheduledChange } from "../scheduled-changes";
import type { StripeSetup } from "./client";
import { stripeDefinition } from "./definition";
import { resolvePriceId } from "./prices";
import { syncStripeSubscription } from "./sync-subscription";
import type { BillingContext, PeriodManagement } from "../providers/types";

const BILLING_PATH = "/dashboard/settings/billing";

function liveSubscriptionId(subscription: Subscription | undefined): string | null {
  return subscription?.provider === stripeDefinition.id && subscription.status !== "canceled" ? subscription.providerSubscriptionId : null;
}

/** Stripe's checkout and its management of a live subscription. */
export type StripeCheckout = PeriodManagement & {
  startCheckout(context: BillingContext, input: { plan: BillingPlan; interval: BillingInterval; current: Subscription | undefined }): Promise<CheckoutResult>;
};

/**
 * Stripe: new subscriptions through Checkout Sessions; changes to a live subscription through the
 * Subscriptions API, whose answer is written back at once (the webhooks then confirm the same state).
 */
export function createStripeCheckout(setup: StripeSetup): StripeCheckout {
  const { stripe, prices, siteUrl } = setup;

  async function withStripe<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiRouteError) throw error;
      console.error(error);
      throw new ApiRouteError(502, billingCopy.errors.stripeUnavailable);
    }
  }

  async function switchPrice(subscriptionId: string, priceId: string, metadata: Record<string, string>, proration: "always_invoice" | "none") {
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new ApiRouteError(409, billingCopy.errors.noSubscription);
    return stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, price: priceId }],
      proration_behavior: proration,
      metadata: { ...current.metadata, ...metadata },
    });
  }

  return {
    startCheckout: ({ db, userId, now }, { plan, interval, current }) =>
      withStripe(async () => {
        const priceId = await resolvePriceId(stripe, prices, plan, interval);
        const metadata = { userId, planId: plan.id, interval };
        const subscriptionId = liveSubscriptionId(current);
        if (subscriptionId) {
          // An upgrade of a live subscription: switch the price now, charging the prorated difference.
          const updated = await switchPrice(subscriptionId, priceId, metadata, "always_invoice");
          await clearScheduledChange(db, userId);
          await syncStripeSubscription(db, updated, { prices, now, userIdHint: userId });
          return { url: `${BILLING_PATH}?checkout=success` };
        }
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          line_items: [{ price: priceId, quantity: 1 }],
          client_reference_id: userId,
          ...(current?.providerCustomerId ? { customer: current.providerCustomerId } : {}),
          metadata,
          subscription_data: { metadata },
          success_url: `${siteUrl}${BILLING_PATH}?checkout=success`,
          cancel_url: `${siteUrl}/pricing?checkout=canceled`,
        });
        if (!session.url) throw new ApiRouteError(502, billingCopy.errors.stripeUnavailable);
        await createCheckoutOrder(db, { userId, plan, interval, amount: planPriceFen(plan, interval), provider: stripeDefinition.id, providerSessionId: session.id });
        return { url: session.url };
      }),

    setCancelAtPeriodEnd: ({ db, userId, now }, subscription, cancel) =>
      withStripe(async () => {
        const subscriptionId = liveSubscriptionId(subscription);
        if (!subscriptionId) throw new ApiRouteError(409, billingCopy.errors.noSubscription);
        const updated = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
        if (cancel) await clearScheduledChange(db, userId);
        await syncStripeSubscription(db, updated, { prices, now, userIdHint: userId });
      }),

    scheduleDowngrade: ({ db, userId }, subscription, { plan, interval }) =>
      withStripe(async () => {
        const subscriptionId = liveSubscriptionId(subscription);
        if (!subscriptionId) throw new ApiRouteError(409, billingCopy.errors.noSubscription);
        // Record the downgrade first: the subscription.updated webhook this triggers must not apply it early.
        await saveScheduledChange(db, { userId, planId: plan.id, interval, effectiveAt: subscription.currentPeriodEnd ?? new Date() });
        // No proration: the next invoice (at the period end) is simply billed at the cheaper price.
        const priceId = await resolvePriceId(stripe, prices, plan, interval);
        await switchPrice(subscriptionId, priceId, { planId: plan.id, interval }, "none");
      }),

    undoDowngrade: ({ db, userId }, subscription) =>
      withStripe(async () => {
        const subscriptionId = liveSubscriptionId(subscription);
        if (!subscriptionId) throw new ApiRouteError(409, billingCopy.errors.noSubscription);
        const current = (await getPlanCatalog(db)).find(subscription.planId);
        if (current) {
          const priceId = await resolvePriceId(stripe, prices, current, subscription.interval);
          await switchPrice(subscriptionId, priceId, { planId: current.id, interval: subscription.interval }, "none");
        }
        await clearScheduledChange(db, userId);
      }),

    portalUrl: (_context, subscription, returnUrl) =>
      withStripe(async () => {
        const customer = subscription?.provider === stripeDefinition.id ? subscription.providerCustomerId : null;
        if (!customer) return null;
        const session = await stripe.billingPortal.sessions.create({ customer, return_url: `${siteUrl}${returnUrl}` });
        return session.url;
      }),
  };
}
