import "server-only";
import { ApiRouteError } from "@/lib/api";
import { PLAN_ID_PATTERN, type PlanId } from "@/features/billing";
import { getSubscriptionSummary, quotaPeriod, setPlanByOperator } from "@/features/billing/server";
import { aiQuotaGrants, type Database } from "@/lib/db";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { z } from "@/lib/zod";
import { recordAdminAction } from "../../server/admin-audit";
import { isUserId } from "../../server/admin-users";
import type { AdminActor } from "../../server/admin-user-actions";

/** A grant is at most ±1e8 tokens (50× the team plan's month), never 0, and always says why. */
export const quotaGrantBody = z
  .object({
    tokens: z.number().int().min(-100_000_000).max(100_000_000).refine((tokens) => tokens !== 0, "Token 数量不能为 0"),
    reason: z.string().trim().min(1, "请填写原因").max(500),
  })
  .strict();
export type QuotaGrantInput = z.infer<typeof quotaGrantBody>;

/** The plan id's shape; `setPlanByOperator` checks it exists (400 套餐不存在). */
export const userPlanBody = z.object({ planId: z.string().regex(PLAN_ID_PATTERN, "套餐不存在") }).strict();

async function requireUser(userId: string): Promise<void> {
  if (!isUserId(userId)) throw new ApiRouteError(404, "用户不存在");
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.getUserById(userId);
  if (error || !data.user) throw new ApiRouteError(404, "用户不存在");
}

const quotaState = async (db: Database, userId: string, now: Date) => {
  const { plan, usage } = await getSubscriptionSummary(db, userId, now);
  return { planId: plan.id, tokensQuota: usage.tokensQuota, grantedTokens: usage.grantedTokens, tokensUsed: usage.tokensUsed };
};

/**
 * Gives (tokens > 0) or takes back (tokens < 0) tokens for the current month (China time): one
 * `ai_quota_grants` row, counted by the quota check at once. Audited as `quota.grant`, before → after.
 */
export async function grantQuota(db: Database, actor: AdminActor, userId: string, input: QuotaGrantInput, now = new Date()) {
  await requireUser(userId);
  const before = await quotaState(db, userId, now);
  const period = quotaPeriod(now);
  await db.insert(aiQuotaGrants).values({ userId, tokens: input.tokens, reason: input.reason, adminId: actor.userId, period, createdAt: now });
  const after = await quotaState(db, userId, now);
  await recordAdminAction(db, {
    actorId: actor.userId,
    action: "quota.grant",
    targetUserId: userId,
    before: { tokensQuota: before.tokensQuota, grantedTokens: before.grantedTokens },
    after: { tokensQuota: after.tokensQuota, grantedTokens: after.grantedTokens, tokens: input.tokens, reason: input.reason, period },
    ip: actor.ip,
  });
  return after;
}

/** Changes the user's plan through the billing feature (`setPlanByOperator`); audited as `quota.plan`. */
export async function changeUserPlan(db: Database, actor: AdminActor, userId: string, planId: PlanId, now = new Date()) {
  await requireUser(userId);
  const before = await quotaState(db, userId, now);
  await setPlanByOperator(db, userId, planId, now);
  const after = await quotaState(db, userId, now);
  await recordAdminAction(db, {
    actorId: actor.userId,
    action: "quota.plan",
    targetUserId: userId,
    before: { planId: before.planId, tokensQuota: before.tokensQuota },
    after: { planId: after.planId, tokensQuota: after.tokensQuota },
    ip: actor.ip,
  });
  return after;
}
