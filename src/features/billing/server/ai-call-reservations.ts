import { and, count, eq, lte, sql } from "drizzle-orm";
import { aiQuotaReservations, subscriptions, type Database } from "@/lib/db";
import { planOrFree } from "../plans";
import { QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_STATUS, TOO_MANY_AI_CALLS_MESSAGE, TOO_MANY_AI_CALLS_STATUS } from "../quota-constants";
import { settleLocalSubscription } from "./settle-period";
import { tokensUsedThisMonth } from "./subscription-summary";
import { enforcedTokenQuota } from "./token-quota";

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
  await settleLocalSubscription(db, userId, now);
  return db.transaction(async (tx) => {
    // Serialises admissions per user (released at commit); other users are not held up.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ai-quota:${userId}`}, 0))`);
    await tx.delete(aiQuotaReservations).where(and(eq(aiQuotaReservations.userId, userId), lte(aiQuotaReservations.expiresAt, now)));

    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
    const plan = planOrFree(row && row.status !== "canceled" ? row.planId : undefined);
    const [inFlight] = await tx
      .select({ calls: count(), tokens: sql<string>`coalesce(sum(${aiQuotaReservations.tokens}), 0)` })
      .from(aiQuotaReservations)
      .where(eq(aiQuotaReservations.userId, userId));
    const calls = inFlight?.calls ?? 0;
    if (calls >= plan.maxConcurrentAiCalls) return { admitted: false, status: TOO_MANY_AI_CALLS_STATUS, message: TOO_MANY_AI_CALLS_MESSAGE };

    const used = await tokensUsedThisMonth(tx, userId, now);
    const left = enforcedTokenQuota(plan) - used - Number(inFlight?.tokens ?? 0);
    if (left <= 0) return { admitted: false, status: QUOTA_EXCEEDED_STATUS, message: QUOTA_EXCEEDED_MESSAGE };

    // Never reserve beyond what is left, so a user near the edge can still make one call.
    const [reservation] = await tx
      .insert(aiQuotaReservations)
      .values({ userId, tokens: Math.min(AI_CALL_RESERVATION_TOKENS, left), createdAt: now, expiresAt: new Date(now.getTime() + AI_CALL_RESERVATION_TTL_MS) })
      .returning({ id: aiQuotaReservations.id });
    return { admitted: true, reservationId: reservation!.id };
  });
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
