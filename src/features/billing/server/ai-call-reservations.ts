import { and, count, eq, inArray, sql } from "drizzle-orm";
import { aiQuotaReservations, getDatabase, type Database } from "@/lib/db";
import { WriteBatcher } from "@/lib/db/write-batcher";
import { FREE_PLAN_ID } from "../plans";
import { QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_STATUS, TOO_MANY_AI_CALLS_MESSAGE, TOO_MANY_AI_CALLS_STATUS } from "../quota-constants";
import { quotaPeriod } from "./quota-grants";
import { settleLocalSubscription } from "./settle-period";
import { getPlanCatalog, type PlanCatalog } from "./plan-catalog";
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
 * takes a reservation under a per-user advisory lock, so two requests (or two processes on one
 * Postgres) never both pass on the same room. It runs on every chat, so the lock, the read, the
 * decision and the insert are one call of `spark_admit_ai_call` (migration 0025) with this
 * catalog's limits. Settle it with `releaseAiCall` once the call's usage row is written (or the
 * call failed).
 */
export async function reserveAiCall(db: Database, userId: string, now = new Date()): Promise<AiCallAdmission> {
  // Read before any transaction: the catalog is cached on the database object, not on `tx`.
  const catalog = await getPlanCatalog(db);
  const outcome = await admitInOneStatement(db, userId, now, catalog, { periodSettled: false });
  if (outcome.outcome !== "period_ended") return admission(outcome);
  // A local subscription whose period is over is renewed / downgraded / cancelled first (rare).
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ai-quota:${userId}`}, 0))`);
    await settleLocalSubscription(tx, userId, now, catalog);
    return admission(await admitInOneStatement(tx, userId, now, catalog, { periodSettled: true }));
  });
}

type AdmissionOutcome = { outcome: "admitted" | "too_many_calls" | "quota_exceeded" | "period_ended"; reservation_id: string | null };

function admission({ outcome, reservation_id: reservationId }: AdmissionOutcome): AiCallAdmission {
  if (outcome === "admitted" && reservationId) return { admitted: true, reservationId };
  if (outcome === "too_many_calls") return { admitted: false, status: TOO_MANY_AI_CALLS_STATUS, message: TOO_MANY_AI_CALLS_MESSAGE };
  if (outcome === "quota_exceeded") return { admitted: false, status: QUOTA_EXCEEDED_STATUS, message: QUOTA_EXCEEDED_MESSAGE };
  throw new Error(`AI call admission: unexpected outcome ${outcome}`);
}

/** Every plan's concurrent calls and monthly tokens, as `spark_admit_ai_call` reads them. */
function planLimits(catalog: PlanCatalog): string {
  const limits: Record<string, { calls: number; tokens: number }> = {};
  for (const plan of catalog.plans) limits[plan.id] = { calls: plan.maxConcurrentAiCalls, tokens: enforcedTokenQuota(plan) };
  const free = catalog.orFree(FREE_PLAN_ID);
  limits[FREE_PLAN_ID] = { calls: free.maxConcurrentAiCalls, tokens: enforcedTokenQuota(free) };
  return JSON.stringify(limits);
}

/**
 * The lock, the state (plan, whether a local subscription's period is over, calls in flight with
 * their reserved tokens, this month's usage and grants), the decision and the insert, in one call.
 * `periodSettled`: the caller has just settled an ended period (no second look at it). A
 * reservation never holds more than is left, so a user near the edge can still make one call;
 * the user's expired reservations (their process died) are swept on the way.
 */
async function admitInOneStatement(db: Database, userId: string, now: Date, catalog: PlanCatalog, { periodSettled }: { periodSettled: boolean }): Promise<AdmissionOutcome> {
  const expiresAt = new Date(now.getTime() + AI_CALL_RESERVATION_TTL_MS);
  const period = quotaPeriod(now);
  const { rows } = await db.execute<AdmissionOutcome>(sql`
    select outcome, reservation_id from spark_admit_ai_call(
      ${userId}::uuid, ${now}, ${`${period}-01`}::date, ${period}, ${planLimits(catalog)}::jsonb,
      ${AI_CALL_RESERVATION_TOKENS}, ${expiresAt}, ${periodSettled})`);
  return rows[0]!;
}

/** Settles a reservation: the call's usage row (if any) is written, so the held tokens are let go. */
export async function releaseAiCall(db: Database, reservationId: string): Promise<void> {
  await db.delete(aiQuotaReservations).where(eq(aiQuotaReservations.id, reservationId));
}

const releaseBatchers = new WeakMap<Database, WriteBatcher<string>>();

/**
 * `releaseAiCall` for the proxy: answers end in bursts (their usage rows are written by one batch),
 * and the reservations let go in the same turn of the event loop share one delete.
 */
function releaseAiCallBatched(db: Database, reservationId: string): Promise<void> {
  let batcher = releaseBatchers.get(db);
  if (!batcher) {
    batcher = new WriteBatcher<string>((ids) => db.delete(aiQuotaReservations).where(inArray(aiQuotaReservations.id, ids)), 0);
    releaseBatchers.set(db, batcher);
  }
  return batcher.add(reservationId);
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
  return { settle: () => releaseAiCallBatched(db, admission.reservationId) };
}

/**
 * The AI proxy's `beforeForward` (the site's pages and the developer API share it, and the proxy is
 * one per process): only calls that generate, and so spend tokens, are held to the monthly quota and
 * the plan's concurrent-call limit.
 */
export async function admitGenerationCall({ userId, endpoint }: { userId: string; endpoint: { generation?: string } }) {
  return endpoint.generation ? admitAiCall(await getDatabase(), userId) : undefined;
}
