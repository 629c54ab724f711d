import { ApiRouteError } from "@/lib/api";
import type { Database } from "@/lib/db";
import { billingCopy } from "../copy";
import type { BillingInterval, PlanId } from "../plans";
import type { CheckoutMethod } from "../checkout-methods";
import { getPlanCatalog } from "./plan-catalog";
import type { CheckoutResult, SubscriptionAction } from "../schemas";
import { getActiveSubscriptionRow } from "./activate";
import { startMethodCheckout } from "./china-checkout";
import { isRenewalOf } from "./order-period";
import { getProviders, type Payer, type PaymentProviders } from "./providers";
import { getScheduledChange } from "./scheduled-changes";
import { settleLocalSubscription } from "./settle-period";

type ActionOptions = { now?: Date; providers?: PaymentProviders };
/** What the chosen method (微信支付 / 支付宝) needs to know about the payer. */
type PayerOptions = { payer?: Payer };

/**
 * `POST /api/checkout`: pay for a plan. Allowed for a higher plan, the same plan on another
 * interval, or a renewal of a running one-off period; lower plans go through a downgrade at the
 * period end instead.
 */
export async function startCheckout(
  db: Database,
  userId: string,
  input: { planId: PlanId; interval: BillingInterval; method?: CheckoutMethod },
  { now = new Date(), providers = getProviders(), payer = {} }: ActionOptions & PayerOptions = {},
): Promise<CheckoutResult> {
  // Without a payment provider nobody gets past this point, whatever they ask for (a 微信支付 /
  // 支付宝 method is checked against the configuration by startMethodCheckout).
  const checkout = providers.checkout;
  if (!checkout && !input.method) throw new ApiRouteError(503, billingCopy.errors.paymentNotOpen);
  // The plan (and so the order's price) is the database's of this moment, never the browser's.
  const catalog = await getPlanCatalog(db);
  const plan = catalog.find(input.planId);
  if (!plan) throw new ApiRouteError(400, billingCopy.errors.unknownPlan);
  if (plan.id === "free") throw new ApiRouteError(400, billingCopy.errors.freePlanCheckout);
  await settleLocalSubscription(db, userId, now);
  const current = await getActiveSubscriptionRow(db, userId);
  const currentPlan = catalog.orFree(current?.planId);
  // A hidden plan is no longer sold; its subscribers keep it (and may renew it or switch its interval).
  if (!plan.visible && currentPlan.id !== plan.id) throw new ApiRouteError(400, billingCopy.errors.unknownPlan);
  // A running one-off period (微信支付 / 支付宝, test checkout) of this plan is renewed: the order
  // extends it from its end. A recurring subscription (Stripe) renews itself.
  const oneOff = input.method !== undefined || !checkout?.definition.capabilities.recurring;
  const renewal = oneOff && isRenewalOf(current, plan.id, now);
  if (current && !renewal && currentPlan.id === plan.id && current.interval === input.interval) throw new ApiRouteError(409, billingCopy.errors.alreadySubscribed);
  if (catalog.rank(plan.id) < catalog.rank(currentPlan.id)) throw new ApiRouteError(409, billingCopy.errors.useDowngrade);
  const context = { db, userId, now };
  if (input.method) return startMethodCheckout(providers, context, { plan, interval: input.interval, current, method: input.method, payer });
  return checkout!.createPayment(context, { plan, interval: input.interval, current, payer });
}

/** `POST /api/billing/subscription`: cancel / resume at the period end, schedule or undo a downgrade. */
export async function changeSubscription(
  db: Database,
  userId: string,
  action: SubscriptionAction,
  { now = new Date(), providers = getProviders() }: ActionOptions = {},
): Promise<void> {
  await settleLocalSubscription(db, userId, now);
  const current = await getActiveSubscriptionRow(db, userId);
  if (!current) throw new ApiRouteError(409, billingCopy.errors.noSubscription);
  const provider = providers.managing(current);
  const context = { db, userId, now };

  switch (action.action) {
    case "cancel":
      if (current.cancelAtPeriodEnd) throw new ApiRouteError(409, billingCopy.errors.alreadyCanceled);
      return provider.setCancelAtPeriodEnd(context, current, true);
    case "resume":
      if (!current.cancelAtPeriodEnd) throw new ApiRouteError(409, billingCopy.errors.notCanceled);
      return provider.setCancelAtPeriodEnd(context, current, false);
    case "undo-downgrade":
      if (!(await getScheduledChange(db, userId))) throw new ApiRouteError(409, billingCopy.errors.noPendingDowngrade);
      return provider.undoDowngrade(context, current);
    case "downgrade": {
      const catalog = await getPlanCatalog(db);
      const target = catalog.find(action.planId);
      if (!target || (!target.visible && target.id !== "free")) throw new ApiRouteError(400, billingCopy.errors.unknownPlan);
      if (catalog.rank(target.id) >= catalog.rank(catalog.orFree(current.planId).id)) throw new ApiRouteError(409, billingCopy.errors.notADowngrade);
      // Down to the free plan is a cancellation at the period end.
      if (target.id === "free") return provider.setCancelAtPeriodEnd(context, current, true);
      if (current.cancelAtPeriodEnd) await provider.setCancelAtPeriodEnd(context, current, false);
      return provider.scheduleDowngrade(context, { ...current, cancelAtPeriodEnd: false }, { plan: target, interval: action.interval ?? current.interval });
    }
  }
}

/** The provider's customer portal for the user's subscription, or null (local test mode). */
export async function getPortalUrl(db: Database, userId: string, returnPath: string, { now = new Date(), providers = getProviders() }: ActionOptions = {}): Promise<string | null> {
  const current = await getActiveSubscriptionRow(db, userId);
  if (!current) return null;
  return providers.managing(current).portalUrl({ db, userId, now }, current, returnPath);
}
