import type Stripe from "stripe";
import { PLAN_ID_PATTERN, planPriceFen, type BillingInterval, type PlanId } from "../../plans";
import type { BillingPlan, PlanCatalog } from "../plan-catalog";
import type { StripePriceIds } from "./client";

/** The lookup key our prices carry in Stripe: `sparkai_pro_month`, `sparkai_team_year`, … */
export function priceLookupKey(planId: PlanId, interval: BillingInterval): string {
  return `sparkai_${planId}_${interval}`;
}

/**
 * The Stripe price for a plan: the id the operator set on the plan (/admin/plans), else the one from
 * the environment (STRIPE_PRICE_*), else the price with our lookup key, else a new CNY price created
 * from the plan's price (so a fresh Stripe account works without setup).
 */
export async function resolvePriceId(stripe: Stripe, prices: StripePriceIds, plan: BillingPlan, interval: BillingInterval): Promise<string> {
  if (plan.id === "free") throw new Error("The free plan has no Stripe price");
  const configured = plan.stripePriceIds[interval] ?? prices[`${plan.id}_${interval}`];
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

/**
 * Which plan and interval a Stripe price stands for: the plans' own ids, the environment's, then
 * lookup keys / metadata naming a plan that exists.
 */
export function planOfPrice(price: Stripe.Price, prices: StripePriceIds, catalog: PlanCatalog): { planId: PlanId; interval: BillingInterval } | undefined {
  for (const plan of catalog.plans) {
    for (const interval of ["month", "year"] as const) {
      if (plan.stripePriceIds[interval] === price.id) return { planId: plan.id, interval };
    }
  }
  for (const [key, id] of Object.entries(prices)) {
    if (id && id === price.id) {
      const [planId, interval] = key.split("_") as [PlanId, BillingInterval];
      return { planId, interval };
    }
  }
  const match = /^sparkai_([a-z][a-z0-9-]*)_(month|year)$/.exec(price.lookup_key ?? "");
  if (match && catalog.find(match[1])) return { planId: match[1]!, interval: match[2] as BillingInterval };
  const planId = price.metadata?.planId;
  const interval: string | undefined = price.recurring?.interval;
  if (planId && PLAN_ID_PATTERN.test(planId) && catalog.find(planId) && (interval === "month" || interval === "year")) return { planId, interval };
  return undefined;
}
