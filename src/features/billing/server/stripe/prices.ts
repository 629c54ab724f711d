import type Stripe from "stripe";
import { findPlan, planPriceFen, type BillingInterval, type Plan, type PlanId } from "../../plans";
import type { StripePriceIds } from "./client";

/** The lookup key our prices carry in Stripe: `sparkai_pro_month`, `sparkai_team_year`, … */
export function priceLookupKey(planId: PlanId, interval: BillingInterval): string {
  return `sparkai_${planId}_${interval}`;
}

/**
 * The Stripe price for a plan: the configured id, else the price with our lookup key, else a new
 * CNY price created from plans.ts (so a fresh Stripe account works without setup).
 */
export async function resolvePriceId(stripe: Stripe, prices: StripePriceIds, plan: Plan, interval: BillingInterval): Promise<string> {
  if (plan.id === "free") throw new Error("The free plan has no Stripe price");
  const configured = prices[`${plan.id}_${interval}`];
  if (configured) return configured;
  const lookupKey = priceLookupKey(plan.id, interval);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const created = await stripe.prices.create({
    currency: "cny",
    unit_amount: planPriceFen(plan, interval),
    recurring: { interval },
    lookup_key: lookupKey,
    product_data: { name: `思维火花 ${plan.name}` },
    metadata: { planId: plan.id, interval },
  });
  return created.id;
}

/** Which plan and interval a Stripe price stands for (configured ids, then lookup keys / metadata). */
export function planOfPrice(price: Stripe.Price, prices: StripePriceIds): { planId: PlanId; interval: BillingInterval } | undefined {
  for (const [key, id] of Object.entries(prices)) {
    if (id && id === price.id) {
      const [planId, interval] = key.split("_") as [PlanId, BillingInterval];
      return { planId, interval };
    }
  }
  const match = /^sparkai_(pro|team)_(month|year)$/.exec(price.lookup_key ?? "");
  if (match) return { planId: match[1] as PlanId, interval: match[2] as BillingInterval };
  const planId = price.metadata?.planId;
  const interval: string | undefined = price.recurring?.interval;
  if (planId && findPlan(planId) && (interval === "month" || interval === "year")) return { planId: planId as PlanId, interval };
  return undefined;
}
