import type { Database } from "@/lib/db";
import { QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_STATUS } from "../quota-constants";
import { getSubscriptionSummary } from "@/features/billing/server";

export { QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_STATUS };

export type TokenQuotaCheck = { allowed: boolean; tokensUsed: number; tokensQuota: number };

/**
 * Whether the user may start another AI call this month by recorded usage alone: allowed while tokens
 * used < the plan's monthly quota (so exactly at the quota is refused). The AI proxy does not use
 * this: it admits calls through `reserveAiCall` (ai-call-reservations.ts), which also counts the
 * tokens reserved by calls in flight and the plan's concurrent-call limit.
 */
export async function checkTokenQuota(db: Database, userId: string, now = new Date()): Promise<TokenQuotaCheck> {
  const { usage } = await getSubscriptionSummary(db, userId, now);
  return { allowed: usage.tokensUsed < usage.tokensQuota, tokensUsed: usage.tokensUsed, tokensQuota: usage.tokensQuota };
}

/** The 402 `{statusCode, message}` answer for a refused call. */
export function quotaExceededResponse(): Response {
  return Response.json(
    { statusCode: QUOTA_EXCEEDED_STATUS, message: QUOTA_EXCEEDED_MESSAGE },
    { status: QUOTA_EXCEEDED_STATUS, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * For the AI proxy's pre-forward hook: the 402 answer when the user is out of tokens, else
 * undefined (forward). Check generating calls only (chat / completion messages, workflow runs).
 */
export async function enforceTokenQuota(db: Database, userId: string, now = new Date()): Promise<Response | undefined> {
  const check = await checkTokenQuota(db, userId, now);
  return check.allowed ? undefined : quotaExceededResponse();
}
