import { eq, sql } from "drizzle-orm";
import { subscriptions, type Database, type Subscription } from "@/lib/db";
import type { BillingInterval, PlanId } from "../plans";
import type { ProviderName } from "../payment-provider-definition";
import { getPlanCatalog } from "./plan-catalog";

export async function getSubscriptionRow(db: Database, userId: string): Promise<Subscription | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/** The row of a subscription that is still in force (not canceled), if any. */
export async function getActiveSubscriptionRow(db: Database, userId: string): Promise<Subscription | undefined> {
  const row = await getSubscriptionRow(db, userId);
  return row && row.status !== "canceled" ? row : undefined;
}

export type SubscriptionState = {
  userId: string;
  planId: PlanId;
  interval: BillingInterval;
  status: Subscription["status"];
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  provider: ProviderName;
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
};

/**
 * Keeps the token quota a period started with while the same plan's same period is written again
 * (a webhook replay, a cancellation); a new period or another plan takes the plan's figure of now.
 */
const keepPeriodQuota = sql`case when subscriptions.plan_id = excluded.plan_id
  and subscriptions.current_period_start = excluded.current_period_start and subscriptions.status <> 'canceled'
  then coalesce(subscriptions.period_token_quota, excluded.period_token_quota) else excluded.period_token_quota end`;

/** Writes the user's one subscription row (insert or replace): what a provider reports is the truth. */
export async function upsertSubscription(db: Database, state: SubscriptionState, now: Date): Promise<void> {
  const plan = (await getPlanCatalog(db)).orFree(state.planId);
  const values = {
    planId: state.planId,
    interval: state.interval,
    status: state.status,
    currentPeriodStart: state.periodStart,
    currentPeriodEnd: state.periodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    provider: state.provider,
    ...(state.providerCustomerId !== undefined ? { providerCustomerId: state.providerCustomerId } : {}),
    ...(state.providerSubscriptionId !== undefined ? { providerSubscriptionId: state.providerSubscriptionId } : {}),
    updatedAt: now,
  };
  await db
    .insert(subscriptions)
    .values({ userId: state.userId, ...values, periodTokenQuota: plan.monthlyTokenQuota })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, periodTokenQuota: keepPeriodQuota } });
}
