import { ApiRouteError } from "@/lib/api";
import type { Database } from "@/lib/db";
import { billingCopy } from "../copy";
import { findPlan, planOrFree, planRank, type BillingInterval, type PlanId } from "../plans";
import type { CheckoutMethod } from "../checkout-methods";
import type { CheckoutResult, SubscriptionAction } from "../schemas";
import { getActiveSubscriptionRow } from "./activate";
import { getChinaPay, startChinaCheckout, type ChinaPay, type Payer } from "./china-checkout";
import { getProviders, type Providers } from "./providers";
import { getScheduledChange } from "./scheduled-changes";
import { settleLocalSubscription } from "./settle-period";

type ActionOptions = { now?: Date; providers?: Providers };
/** 微信支付 / 支付宝: the rails and what the chosen method needs to know about the payer. */
type ChinaOptions = { chinaPay?: ChinaPay; payer?: Payer };

/**
 * `POST /api/checkout`: pay for a plan. Allowed for a higher plan, or the same plan on another
 * interval; lower plans go through a downgrade at the period end instead.
 */
export async function startCheckout(
  db: Database,
  userId: string,
  input: { planId: PlanId; interval: BillingInterval; method?: CheckoutMethod },
  { now = new Date(), providers = getProviders(), chinaPay, payer = {} }: ActionOptions & ChinaOptions = {},
): Promise<CheckoutResult> {
  // Without a payment provider nobody gets past this point, whatever they ask for (a 微信支付 /
  // 支付宝 method is checked against the configuration by startChinaCheckout).
  const checkout = providers.checkout;
  if (!checkout && !input.method) throw new ApiRouteError(503, billingCopy.errors.paymentNotOpen);
  const plan = findPlan(input.planId);
  if (!plan || plan.id === "free") throw new ApiRouteError(400, billingCopy.errors.freePlanCheckout);
  await settleLocalSubscription(db, userId, now);
  const current = await getActiveSubscriptionRow(db, userId);
  const currentPlan = planOrFree(current?.planId);
  if (current && currentPlan.id === plan.id && current.interval === input.interval) throw new ApiRouteError(409, billingCopy.errors.alreadySubscribed);
  if (planRank(plan.id) < planRank(currentPlan.id)) throw new ApiRouteError(409, billingCopy.errors.useDowngrade);
  if (input.method) return startChinaCheckout(db, chinaPay ?? getChinaPay(), { userId, plan, interval: input.interval, method: input.method, payer, now });
  return checkout!.startCheckout({ db, userId, now }, { plan, interval: input.interval, current });
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
  const provider = providers.byName(current.provider);
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
      const target = findPlan(action.planId)!;
      if (planRank(target.id) >= planRank(planOrFree(current.planId).id)) throw new ApiRouteError(409, billingCopy.errors.notADowngrade);
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
  return providers.byName(current?.provider).portalUrl({ db, userId, now }, current, returnPath);
}
