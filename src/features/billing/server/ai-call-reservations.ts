import { and, count, eq, sql } from "drizzle-orm";
import { aiQuotaGrants, aiQuotaReservations, aiUsageEvents, getDatabase, subscriptions, type Database } from "@/lib/db";
import { startOfMonth } from "../calendar";
import { QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_STATUS, TOO_MANY_AI_CALLS_MESSAGE, TOO_MANY_AI_CALLS_STATUS } from "../quota-constants";
import { quotaPeriod } from "./quota-grants";
import { settleLocalSubscription } from "./settle-period";
import { getPlanCatalog } from "./plan-catalog";
import { subscriberTokenQuota } from "./token-quota";

/**
 * Tokens held for one AI call until its real usage is known. An answer of the embedded demo apps
 * is a few hundred tokens; a call that uses more is still counted in full when it ends.
 */
export const AI_CALL_RESERVATION_TOKENS = 2_000;
/** After this a reservation no longer counts: its process died before settling it. */
export const AI_CALL_RESERVATION_TTL_MS = 15 * 60_000;

export type AiCallAdmission =
  | { admitted: true; reservationId: string }
  | { admitted: false; status: typeof QUOTA_EXCEEDED_STATUS | typeof TOO_MANY_AI_CALLS_STATUS; message: string };

/**
 * Admits one AI call of the user, or refuses it: 429 when the plan's concurrent calls are in flight,
 * 402 when this month's usage plus the tokens reserved by calls in flight reach the quota. Admitting
 * takes a reservation in the same transaction, under a per-user advisory lock, so two requests (or
 * two processes on one Postgres) never both pass on the same room. Settle it with `releaseAiCall`
 * once the call's usage row is written (or the call failed).
 */
export async function reserveAiCall(db: Database, userId: string, now = new Date()): Promise<AiCallAdmission> {
  // Read before the transaction: the catalog is cached on the database object, not on `tx`.
  const catalog = await getPlanCatalog(db);
  return db.transaction(async (tx) => {
    // Serialises admissions per user (released at commit); other users are not held up. The reads
    // below are statements of their own, so their snapshot is taken after the lock is held.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ai-quota:${userId}`}, 0))`);
    let state = await readAdmissionState(tx, userId, now);
    if (state.periodEnded) {
      // A local subscription whose period is over is renewed / downgraded / cancelled first (rare).
      await settleLocalSubscription(tx, userId, now, catalog);
      state = await readAdmissionState(tx, userId, now);
    }
    const plan = catalog.orFree(state.planId);
    if (state.calls >= plan.maxConcurrentAiCalls) return { admitted: false, status: TOO_MANY_AI_CALLS_STATUS, message: TOO_MANY_AI_CALLS_MESSAGE };

    const left = subscriberTokenQuota(plan, state.periodTokenQuota) + state.grantedTokens - state.usedTokens - state.reservedTokens;
    if (left <= 0) return { admitted: false, status: QUOTA_EXCEEDED_STATUS, message: QUOTA_EXCEEDED_MESSAGE };

    // Never reserve beyond what is left, so a user near the edge can still make one call. The user's
    // expired reservations (their process died) are swept in the same statement.
    const tokens = Math.min(AI_CALL_RESERVATION_TOKENS, left);
    const expiresAt = new Date(now.getTime() + AI_CALL_RESERVATION_TTL_MS);
    const { rows } = await tx.execute<{ id: string }>(sql`
      with swept as (
        delete from ${aiQuotaReservations}
        where ${aiQuotaReservations.userId} = ${userId} and ${aiQuotaReservations.expiresAt} <= ${now}
      )
      insert into ${aiQuotaReservations} (user_id, tokens, created_at, expires_at)
      values (${userId}, ${tokens}, ${now}, ${expiresAt})
      returning id`);
    return { admitted: true, reservationId: rows[0]!.id };
  });
}

type AdmissionState = { planId: string | undefined; periodTokenQuota: number | null; periodEnded: boolean; calls: number; reservedTokens: number; usedTokens: number; grantedTokens: number };

/**
 * Everything an admission decides on, in one statement (it runs on every chat): the plan, whether a
 * local subscription's period is over, the calls in flight with their reserved tokens, and this
 * month's usage and operators' grants for the month.
 */
async function readAdmissionState(db: Database, userId: string, now: Date): Promise<AdmissionState> {
  const live = sql`${aiQuotaReservations.userId} = ${userId} and ${aiQuotaReservations.expiresAt} > ${now}`;
  const { rows } = await db.execute<{ plan_id: string | null; period_token_quota: number | null; status: string | null; provider: string | null; period_end: Date | string | null; calls: string | number; reserved: string | number; used: string | number; granted: string | number }>(sql`
    select ${subscriptions.planId} as plan_id, ${subscriptions.periodTokenQuota} as period_token_quota, ${subscriptions.status} as status, ${subscriptions.provider} as provider,
      ${subscriptions.currentPeriodEnd} as period_end,
      (select count(*) from ${aiQuotaReservations} where ${live}) as calls,
      (select coalesce(sum(${aiQuotaReservations.tokens}), 0) from ${aiQuotaReservations} where ${live}) as reserved,
      (select coalesce(sum(${aiUsageEvents.totalTokens}), 0) from ${aiUsageEvents}
        where ${aiUsageEvents.userId} = ${userId} and ${aiUsageEvents.createdAt} >= ${startOfMonth(now)}) as used,
      (select coalesce(sum(${aiQuotaGrants.tokens}), 0) from ${aiQuotaGrants}
        where ${aiQuotaGrants.userId} = ${userId} and ${aiQuotaGrants.period} = ${quotaPeriod(now)}) as granted
    from (select 1) as one left join ${subscriptions} on ${subscriptions.userId} = ${userId}`);
  const row = rows[0]!;
  const active = row.status !== null && row.status !== "canceled";
  const periodEnd = row.period_end === null ? null : new Date(row.period_end);
  return {
    planId: active ? (row.plan_id ?? undefined) : undefined,
    periodTokenQuota: active && row.period_token_quota !== null ? Number(row.period_token_quota) : null,
    // settleLocalSubscription's own test: a local (non-Stripe) subscription whose period has passed.
    periodEnded: active && row.provider !== "stripe" && periodEnd !== null && periodEnd <= now,
    calls: Number(row.calls),
    reservedTokens: Number(row.reserved),
    usedTokens: Number(row.used),
    grantedTokens: Number(row.granted),
  };
}

/** Settles a reservation: the call's usage row (if any) is written, so the held tokens are let go. */
export async function releaseAiCall(db: Database, reservationId: string): Promise<void> {
  await db.delete(aiQuotaReservations).where(eq(aiQuotaReservations.id, reservationId));
}

/** AI calls of the user in flight now (for tests and the usage page). */
export async function aiCallsInFlight(db: Database, userId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ calls: count() })
    .from(aiQuotaReservations)
    .where(and(eq(aiQuotaReservations.userId, userId), sql`${aiQuotaReservations.expiresAt} > ${now}`));
  return row?.calls ?? 0;
}

/** The `{statusCode, message}` answer for a refused call. */
export function refusedAiCallResponse(refusal: Extract<AiCallAdmission, { admitted: false }>): Response {
  return Response.json({ statusCode: refusal.status, message: refusal.message }, { status: refusal.status, headers: { "Cache-Control": "no-store" } });
}

/**
 * For the AI proxy's pre-forward hook: the 402 / 429 answer, or the reservation to settle when the
 * call is over.
 */
export async function admitAiCall(db: Database, userId: string, now = new Date()): Promise<Response | { settle: () => Promise<void> }> {
  const admission = await reserveAiCall(db, userId, now);
  if (!admission.admitted) return refusedAiCallResponse(admission);
  return { settle: () => releaseAiCall(db, admission.reservationId) };
}

/**
 * The AI proxy's `beforeForward` (the site's pages and the developer API share it, and the proxy is
 * one per process): only calls that generate, and so spend tokens, are held to the monthly quota and
 * the plan's concurrent-call limit.
 */
export async function admitGenerationCall({ userId, endpoint }: { userId: string; endpoint: { generation?: string } }) {
  return endpoint.generation ? admitAiCall(await getDatabase(), userId) : undefined;
}
