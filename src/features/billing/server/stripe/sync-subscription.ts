import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { subscriptions, type Database, type Subscription } from "@/lib/db";
import type { BillingInterval, PlanId } from "../../plans";
import { getPlanCatalog, type PlanCatalog } from "../plan-catalog";
import { upsertSubscription } from "../activate";
import { clearScheduledChange, getScheduledChange } from "../scheduled-changes";
import type { StripePriceIds } from "./client";
import { planOfPrice } from "./prices";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** Stripe's statuses in our three: only active / trialing grant the plan, unpaid ones are past due. */
function statusOf(status: Stripe.Subscription.Status): Subscription["status"] {
  if (status === "active" || status === "trialing") return "active";
  if (status === "past_due" || status === "unpaid") return "past_due";
  return "canceled";
}

/** The user a Stripe subscription belongs to: our metadata first, then the ids we stored earlier. */
async function findUserId(db: Database, subscription: Stripe.Subscription, hint?: string | null): Promise<string | null> {
  const fromMetadata = subscription.metadata?.userId ?? hint;
  if (fromMetadata && UUID.test(fromMetadata)) return fromMetadata;
  const [bySubscription] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscription.id)).limit(1);
  if (bySubscription) return bySubscription.userId;
  const customerId = idOf(subscription.customer);
  if (!customerId) return null;
  const [byCustomer] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.providerCustomerId, customerId)).limit(1);
  return byCustomer?.userId ?? null;
}

function planOfSubscription(subscription: Stripe.Subscription, prices: StripePriceIds, catalog: PlanCatalog): { planId: PlanId; interval: BillingInterval } | undefined {
  const item = subscription.items.data[0];
  const fromPrice = item ? planOfPrice(item.price, prices, catalog) : undefined;
  if (fromPrice) return fromPrice;
  const planId = subscription.metadata?.planId;
  const interval = subscription.metadata?.interval;
  if (planId && catalog.find(planId) && (interval === "month" || interval === "year")) return { planId, interval };
  return undefined;
}

/**
 * Writes what Stripe says about a subscription into our row. A scheduled downgrade keeps the old
 * plan in force until the period that starts at (or after) its effective date; then it is applied.
 * Answers the user id, or null when the subscription cannot be tied to a user (ignored).
 */
export async function syncStripeSubscription(
  db: Database,
  subscription: Stripe.Subscription,
  options: { prices: StripePriceIds; now: Date; userIdHint?: string | null },
): Promise<string | null> {
  const userId = await findUserId(db, subscription, options.userIdHint);
  const item = subscription.items.data[0];
  const target = planOfSubscription(subscription, options.prices, await getPlanCatalog(db));
  if (!userId || !item || !target) return null;

  const periodStart = new Date(item.current_period_start * 1000);
  // A refund shortens a period with `cancel_at` (refunds/refund-period.ts): the subscription ends then.
  const cancelAt = subscription.cancel_at ?? null;
  const periodEnd = new Date(Math.min(item.current_period_end, cancelAt ?? Infinity) * 1000);
  let { planId, interval } = target;
  const change = await getScheduledChange(db, userId);
  if (change) {
    if (periodStart < change.effectiveAt) {
      const [current] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
      if (current && current.status !== "canceled") ({ planId, interval } = { planId: current.planId as PlanId, interval: current.interval });
    } else {
      await clearScheduledChange(db, userId);
    }
  }
  const status = statusOf(subscription.status);
  if (status === "canceled") await clearScheduledChange(db, userId);
  await upsertSubscription(
    db,
    {
      userId,
      planId,
      interval,
      status,
      periodStart,
      periodEnd,
      cancelAtPeriodEnd: subscription.cancel_at_period_end || cancelAt !== null,
      provider: "stripe",
      providerCustomerId: idOf(subscription.customer),
      providerSubscriptionId: subscription.id,
    },
    options.now,
  );
  return userId;
}
