import { and, eq, gte, sql } from "drizzle-orm";
import { aiUsageEvents, scheduledPlanChanges, type Database } from "@/lib/db";
import { startOfMonth } from "../calendar";
import { getPlanCatalog } from "./plan-catalog";
import { subscriberTokenQuota } from "./token-quota";
import type { SubscriptionSummary } from "../types";
import { settleLocalSubscription } from "./settle-period";
import { grantedTokensThisMonth } from "./quota-grants";
import { simulatedProviderOf } from "./local/simulated";

export type { SubscriptionSummary };

export { startOfMonth };

/** Tokens the user spent in the calendar month (China time, see calendar.ts) of `now`. */
export async function tokensUsedThisMonth(db: Database, userId: string, now: Date): Promise<number> {
  const [usage] = await db
    .select({ tokens: sql<string>`coalesce(sum(${aiUsageEvents.totalTokens}), 0)` })
    .from(aiUsageEvents)
    .where(and(eq(aiUsageEvents.userId, userId), gte(aiUsageEvents.createdAt, startOfMonth(now))));
  return Number(usage?.tokens ?? 0);
}

/**
 * The user's plan (the free plan without a subscription row, or once canceled) and this month's
 * token usage. A local subscription whose period has ended is settled first (renewal, downgrade,
 * cancellation), so every reader sees the state as of `now`.
 */
export async function getSubscriptionSummary(db: Database, userId: string, now = new Date()): Promise<SubscriptionSummary> {
  // The row as settled: one read of it per summary (the dashboard renders several per visit).
  const row = await settleLocalSubscription(db, userId, now);
  const active = row && row.status !== "canceled" ? row : undefined;
  const catalog = await getPlanCatalog(db);
  const plan = catalog.orFree(active?.planId);
  const [change] = active
    ? await db.select().from(scheduledPlanChanges).where(eq(scheduledPlanChanges.userId, userId)).limit(1)
    : [];
  const pendingPlan = change ? catalog.orFree(change.planId) : undefined;
  const planTokens = subscriberTokenQuota(plan, active?.periodTokenQuota);
  // The month's limit: the plan's tokens plus what operators granted or took back (never below zero).
  const grantedTokens = await grantedTokensThisMonth(db, userId, now);
  const tokensQuota = Math.max(0, planTokens + grantedTokens);
  return {
    plan: { id: plan.id, name: plan.name, monthlyTokenQuota: planTokens },
    status: active?.status ?? "active",
    interval: active?.interval ?? "month",
    currentPeriodStart: active?.currentPeriodStart.toISOString() ?? null,
    currentPeriodEnd: active?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: active?.cancelAtPeriodEnd ?? false,
    provider: active?.provider ?? null,
    simulatedProvider: active ? simulatedProviderOf(active) : null,
    pendingChange:
      change && pendingPlan
        ? { planId: pendingPlan.id, planName: pendingPlan.name, interval: change.interval, effectiveAt: change.effectiveAt.toISOString() }
        : null,
    usage: { tokensUsed: await tokensUsedThisMonth(db, userId, now), tokensQuota, grantedTokens },
  };
}
