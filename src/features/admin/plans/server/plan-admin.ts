import "server-only";
import { and, count, eq, isNull, ne, sql } from "drizzle-orm";
import { FREE_PLAN_ID } from "@/features/billing";
import { announcePlansChanged, getPlanCatalog, planFromRow, toPublicPlan, type BillingPlan } from "@/features/billing/server";
import { revalidateListings } from "@/features/marketing/server";
import { ApiRouteError } from "@/lib/api";
import { billingPlans, checkoutOrders, scheduledPlanChanges, subscriptions, type Database } from "@/lib/db";
import { recordAdminAction } from "../../server/admin-audit";
import type { AdminActor } from "../../server/admin-user-actions";
import type { CreatePlanInput, PlanFields, UpdatePlanInput } from "./plan-input";

import type { AdminPlanRow, PlanAppChoice } from "../types";
import { listEnabledApps } from "@/features/ai-apps/server";

export type { AdminPlanRow };

const inForce = (planId: string) => and(eq(subscriptions.planId, planId), ne(subscriptions.status, "canceled"));

function toAdminRow(plan: BillingPlan, subscribers: number): AdminPlanRow {
  return { ...toPublicPlan(plan), stripeMonthPriceId: plan.stripePriceIds.month, stripeYearPriceId: plan.stripePriceIds.year, subscribers };
}

/** Every plan (hidden ones too) in pricing order, with its subscribers (subscriptions in force). */
export async function listAdminPlans(db: Database): Promise<AdminPlanRow[]> {
  const catalog = await getPlanCatalog(db);
  const counts = await db
    .select({ planId: subscriptions.planId, total: count() })
    .from(subscriptions)
    .where(ne(subscriptions.status, "canceled"))
    .groupBy(subscriptions.planId);
  const byPlan = new Map(counts.map((row) => [row.planId, Number(row.total)]));
  return catalog.plans.map((plan) => toAdminRow(plan, byPlan.get(plan.id) ?? 0));
}

export async function getAdminPlan(db: Database, planId: string): Promise<AdminPlanRow | undefined> {
  return (await listAdminPlans(db)).find((plan) => plan.id === planId);
}

/** The free plan is everyone's fallback: always on sale, always free. */
function checkFreeRules(planId: string, fields: PlanFields): void {
  if (planId !== FREE_PLAN_ID) return;
  if (!fields.visible) throw new ApiRouteError(400, "免费版不能隐藏");
  if (fields.monthlyPriceFen !== 0 || fields.yearlyPriceFen !== 0) throw new ApiRouteError(400, "免费版的价格必须为 0");
}

const columnsOf = (fields: PlanFields) => ({
  name: fields.name,
  description: fields.description,
  monthlyPriceFen: fields.monthlyPriceFen,
  yearlyPriceFen: fields.yearlyPriceFen,
  monthlyTokenQuota: fields.monthlyTokenQuota,
  storageBytes: fields.storageBytes,
  maxConcurrentAiCalls: fields.maxConcurrentAiCalls,
  ...(fields.apiRequestsPerMinute === undefined ? {} : { apiRequestsPerMinute: fields.apiRequestsPerMinute }),
  features: fields.features,
  visible: fields.visible,
  position: fields.position,
  stripeMonthPriceId: fields.stripeMonthPriceId,
  stripeYearPriceId: fields.stripeYearPriceId,
  appAccess: fields.appAccess,
});

async function loadRow(db: Database, planId: string) {
  const [row] = await db.select().from(billingPlans).where(eq(billingPlans.id, planId)).limit(1);
  if (!row) throw new ApiRouteError(404, "套餐不存在");
  return row;
}

/** Adds a plan (audited as `plans.create`); every process's plan cache is emptied. */
export async function createPlan(db: Database, actor: AdminActor, input: CreatePlanInput, now = new Date()): Promise<AdminPlanRow> {
  checkFreeRules(input.id, input);
  await getPlanCatalog(db); // a fresh database is seeded first, so a new plan never stops the seed
  const [row] = await db
    .insert(billingPlans)
    .values({ id: input.id, ...columnsOf(input), createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiRouteError(409, "该套餐 ID 已存在");
  await recordAdminAction(db, { actorId: actor.userId, action: "plans.create", targetUserId: null, before: null, after: { planId: row.id, ...columnsOf(input) }, ip: actor.ip });
  revalidateListings();
  await announcePlansChanged(db, row.id);
  return toAdminRow(planFromRow(row), 0);
}

/**
 * Edits a plan (audited as `plans.update`, before → after). Prices hold for orders from now on. A new
 * monthly token quota reaches subscribers when their next period starts (each period keeps the quota
 * it started with, `subscriptions.period_token_quota`); with `applyQuotaNow` (立即生效) the current
 * periods take it at once.
 */
export async function updatePlan(db: Database, actor: AdminActor, planId: string, input: UpdatePlanInput, now = new Date()): Promise<AdminPlanRow> {
  const { applyQuotaNow, ...fields } = input;
  checkFreeRules(planId, fields);
  const before = await loadRow(db, planId);
  const quotaChanged = before.monthlyTokenQuota !== fields.monthlyTokenQuota;
  const row = await db.transaction(async (tx) => {
    if (quotaChanged && applyQuotaNow) {
      await tx.update(subscriptions).set({ periodTokenQuota: fields.monthlyTokenQuota, updatedAt: now }).where(inForce(planId));
    } else if (quotaChanged) {
      // Periods that never recorded their quota (started before plans were editable) keep the old one.
      await tx.update(subscriptions).set({ periodTokenQuota: before.monthlyTokenQuota }).where(and(inForce(planId), isNull(subscriptions.periodTokenQuota)));
    }
    const [updated] = await tx.update(billingPlans).set({ ...columnsOf(fields), updatedAt: now }).where(eq(billingPlans.id, planId)).returning();
    return updated!;
  });
  await recordAdminAction(db, {
    actorId: actor.userId,
    action: "plans.update",
    targetUserId: null,
    before: { planId, ...columnsOf(before) },
    after: { planId, ...columnsOf(fields), ...(quotaChanged ? { quotaAppliedNow: applyQuotaNow } : {}) },
    ip: actor.ip,
  });
  revalidateListings();
  await announcePlansChanged(db, planId);
  const [subscribers] = await db.select({ total: count() }).from(subscriptions).where(inForce(planId));
  return toAdminRow(planFromRow(row), Number(subscribers?.total ?? 0));
}

/**
 * Deletes a plan nobody is on (audited as `plans.delete`). Refused for the free plan and for a plan
 * with a subscription in force, a scheduled downgrade to it or an open order: those can only be hidden.
 */
export async function deletePlan(db: Database, actor: AdminActor, planId: string): Promise<{ ok: true }> {
  if (planId === FREE_PLAN_ID) throw new ApiRouteError(400, "免费版不能删除");
  const before = await loadRow(db, planId);
  const [[subscribers], [scheduled], [pending]] = await Promise.all([
    db.select({ total: count() }).from(subscriptions).where(inForce(planId)),
    db.select({ total: count() }).from(scheduledPlanChanges).where(eq(scheduledPlanChanges.planId, planId)),
    db.select({ total: count() }).from(checkoutOrders).where(and(eq(checkoutOrders.planId, planId), eq(checkoutOrders.status, "pending"))),
  ]);
  if (Number(subscribers?.total ?? 0) + Number(scheduled?.total ?? 0) + Number(pending?.total ?? 0) > 0) {
    throw new ApiRouteError(409, "该套餐还有订阅用户或未完成的订单，不能删除，请改为隐藏");
  }
  await db.delete(billingPlans).where(and(eq(billingPlans.id, planId), sql`${billingPlans.id} <> ${FREE_PLAN_ID}`));
  await recordAdminAction(db, { actorId: actor.userId, action: "plans.delete", targetUserId: null, before: { planId, ...columnsOf(before) }, after: null, ip: actor.ip });
  revalidateListings();
  await announcePlansChanged(db, planId);
  return { ok: true };
}

/** The apps a plan's form offers for 套餐额度适用的应用: the site's apps, by id and name only. */
export async function planAppChoices(db: Database): Promise<PlanAppChoice[]> {
  return (await listEnabledApps(db)).map(({ appid, name }) => ({ appid, name }));
}
