import { and, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { aiCallOwners, aiQuotaReservations, getDatabase, type Database } from "@/lib/db";
import { WriteBatcher } from "@/lib/db/write-batcher";
import { enforcedTokenQuota, FREE_PLAN_ID, getPlanCatalog, planCoversApp, quotaPeriod, settleLocalSubscription, startOfMonth, type BillingPlan, type PlanCatalog } from "@/features/billing/server";
import { PAYG_REFUSALS } from "@/features/wallet";
import { NOT_IN_PLAN_MESSAGE, QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_STATUS, TOO_MANY_AI_CALLS_MESSAGE, TOO_MANY_AI_CALLS_STATUS } from "../quota-constants";
import { processAiCallOwner, type AiCallOwner } from "./ai-call-owner";
import { aiCallReservationTokens, type AiCallSpendInput } from "./ai-call-spend";
import { reservationCostFen, type CallPrice } from "../call-price";
import { appCallPrice } from "./app-prices";
import { settlePaidCall, type SettledUsage } from "./ai-call-payment";
import { appMetrics } from "@/features/observability/server";

/**
 * After this a reservation no longer counts even though its process lives (a call it never
 * settled); a dead process's reservations stop counting sooner, when its lease lapses.
 */
export const AI_CALL_RESERVATION_TTL_MS = 15 * 60_000;
/**
 * How far past the quota a month may end: a call is admitted when what is left, plus this share of
 * the quota, covers its reservation (so a user at the edge is not refused a call that fits).
 */
export const QUOTA_OVERSHOOT_ALLOWANCE = 0.05;

export interface ReserveAiCallOptions {
  /** Tokens the call may spend (default: the configured estimate, `AI_CALL_RESERVATION_TOKENS`). */
  tokens?: number;
  /** Tests: the process the reservation belongs to (default: this process's). */
  owner?: AiCallOwner;
  /**
   * The app's price: once the plan's tokens are spent the call may go on at it, paid from the
   * balance (按量付费, the user's choice). Absent: the call is never paid from the balance.
   */
  price?: CallPrice;
  /** The app called: a plan that leaves it out pays nothing for it (the balance may). Absent: every plan covers it. */
  appid?: string;
}

export type AiCallAdmission =
  /** `holdFen`: 分 of the balance the call holds (按量付费); 0 when the plan's tokens pay for it. */
  | { admitted: true; reservationId: string; holdFen: number }
  | { admitted: false; status: typeof QUOTA_EXCEEDED_STATUS | typeof TOO_MANY_AI_CALLS_STATUS; message: string };

/**
 * Admits one AI call of the user, or refuses it: 429 when the plan's concurrent calls are in flight,
 * 402 when this month's usage plus the tokens reserved by calls in flight leave too little for the
 * call's own reservation (what it may spend: `options.tokens`), but for `QUOTA_OVERSHOOT_ALLOWANCE`
 * of the quota. Admitting takes a reservation under a per-user advisory lock, so two requests (or
 * two processes on one Postgres) never both pass on the same room; it belongs to this process's
 * lease (ai-call-owner.ts). It runs on every chat, so the lock, the read, the decision and the
 * insert are one call of `spark_admit_ai_call` (migrations 0025, 0027) with this catalog's limits. Settle it with `releaseAiCall` once the call's usage row is written (or the
 * call failed).
 */
export async function reserveAiCall(db: Database, userId: string, now = new Date(), options: ReserveAiCallOptions = {}): Promise<AiCallAdmission> {
  // Read before any transaction: the catalog is cached on the database object, not on `tx`.
  const catalog = await getPlanCatalog(db);
  const owner = options.owner ?? (await processAiCallOwner(db));
  const tokens = options.tokens ?? aiCallReservationTokens();
  const holdFen = options.price ? reservationCostFen(options.price, tokens) : null;
  const call: CallToAdmit = { userId, now, catalog, owner, tokens, holdFen, appid: options.appid };
  let outcome = await admitInOneStatement(db, call, { periodSettled: false });
  if (outcome.outcome === "period_ended") {
    // A local subscription whose period is over is renewed / downgraded / cancelled first (rare).
    outcome = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ai-quota:${userId}`}, 0))`);
      await settleLocalSubscription(tx, userId, now, catalog);
      return admitInOneStatement(tx, call, { periodSettled: true });
    });
  }
  const result = admission(outcome);
  if (result.admitted) {
    // The owner renews its lease while the call runs; settling the reservation lets it go.
    owner.hold();
    heldBy.set(result.reservationId, owner);
  }
  return result;
}

type CallToAdmit = { userId: string; now: Date; catalog: PlanCatalog; owner: AiCallOwner; tokens: number; holdFen: number | null; appid: string | undefined };

/** The owner of each reservation this process took and has not settled yet. */
const heldBy = new Map<string, AiCallOwner>();

function letGo(reservationId: string): void {
  heldBy.get(reservationId)?.letGo();
  heldBy.delete(reservationId);
}

type AdmissionOutcome = {
  outcome: "admitted" | "admitted_payg" | "too_many_calls" | "quota_exceeded" | "not_in_plan" | "insufficient_balance" | "payg_ceiling" | "period_ended";
  reservation_id: string | null;
  hold_fen: string | number;
};

function admission({ outcome, reservation_id: reservationId, hold_fen: holdFen }: AdmissionOutcome): AiCallAdmission {
  if ((outcome === "admitted" || outcome === "admitted_payg") && reservationId) return { admitted: true, reservationId, holdFen: Number(holdFen) };
  if (outcome === "insufficient_balance") return { admitted: false, status: QUOTA_EXCEEDED_STATUS, message: PAYG_REFUSALS.insufficientBalance };
  if (outcome === "payg_ceiling") return { admitted: false, status: QUOTA_EXCEEDED_STATUS, message: PAYG_REFUSALS.ceilingReached };
  if (outcome === "too_many_calls") return { admitted: false, status: TOO_MANY_AI_CALLS_STATUS, message: TOO_MANY_AI_CALLS_MESSAGE };
  if (outcome === "quota_exceeded") return { admitted: false, status: QUOTA_EXCEEDED_STATUS, message: QUOTA_EXCEEDED_MESSAGE };
  if (outcome === "not_in_plan") return { admitted: false, status: QUOTA_EXCEEDED_STATUS, message: NOT_IN_PLAN_MESSAGE };
  throw new Error(`AI call admission: unexpected outcome ${outcome}`);
}

/** Every plan's concurrent calls, monthly tokens and whether they pay for `appid`, as `spark_admit_ai_call` reads them. */
function planLimits(catalog: PlanCatalog, appid: string | undefined): string {
  const limits: Record<string, { calls: number; tokens: number; covers: boolean }> = {};
  const limitsOf = (plan: BillingPlan) => ({ calls: plan.maxConcurrentAiCalls, tokens: enforcedTokenQuota(plan), covers: appid === undefined || planCoversApp(plan.appAccess, appid) });
  for (const plan of catalog.plans) limits[plan.id] = limitsOf(plan);
  limits[FREE_PLAN_ID] = limitsOf(catalog.orFree(FREE_PLAN_ID));
  return JSON.stringify(limits);
}

/**
 * The lock, the state (plan, whether a local subscription's period is over, calls in flight with
 * their reserved tokens, this month's usage and grants), the decision and the insert, in one call.
 * `periodSettled`: the caller has just settled an ended period (no second look at it). A
 * reservation holds what the call may spend (never more than the whole quota); the user's
 * reservations that no longer count (their process died) are swept on the way. The owner's lease
 * is renewed there too when half of it is gone (migration 0027).
 */
async function admitInOneStatement(db: Database, { userId, now, catalog, owner, tokens, holdFen, appid }: CallToAdmit, { periodSettled }: { periodSettled: boolean }): Promise<AdmissionOutcome> {
  const expiresAt = new Date(now.getTime() + AI_CALL_RESERVATION_TTL_MS);
  const period = quotaPeriod(now);
  const { rows } = await db.execute<AdmissionOutcome>(sql`
    select outcome, reservation_id, hold_fen from spark_admit_ai_call(
      ${userId}::uuid, ${now}, ${`${period}-01`}::date, ${period}, ${planLimits(catalog, appid)}::jsonb,
      ${Math.ceil(tokens)}::integer, ${expiresAt}, ${periodSettled}, ${owner.id}::uuid, ${owner.leaseMs}::integer, ${QUOTA_OVERSHOOT_ALLOWANCE}::numeric,
      ${holdFen}::bigint, ${startOfMonth(now)})`);
  return rows[0]!;
}

/** Settles a reservation: the call's usage row (if any) is written, so the held tokens are let go. */
export async function releaseAiCall(db: Database, reservationId: string): Promise<void> {
  try {
    await db.delete(aiQuotaReservations).where(eq(aiQuotaReservations.id, reservationId));
  } finally {
    letGo(reservationId);
  }
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
  return batcher.add(reservationId).finally(() => letGo(reservationId));
}

/** AI calls of the user in flight now (for tests and the usage page): those admission counts. */
export async function aiCallsInFlight(db: Database, userId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ calls: count() })
    .from(aiQuotaReservations)
    .leftJoin(aiCallOwners, eq(aiCallOwners.id, aiQuotaReservations.ownerId))
    .where(
      and(
        eq(aiQuotaReservations.userId, userId),
        sql`${aiQuotaReservations.expiresAt} > ${now}`,
        or(isNull(aiQuotaReservations.ownerId), sql`${aiCallOwners.expiresAt} > now()`),
      ),
    );
  return row?.calls ?? 0;
}

/** The `{statusCode, message}` answer for a refused call. */
export function refusedAiCallResponse(refusal: Extract<AiCallAdmission, { admitted: false }>): Response {
  return Response.json({ statusCode: refusal.status, message: refusal.message }, { status: refusal.status, headers: { "Cache-Control": "no-store" } });
}

/**
 * For the AI proxy's pre-forward hook: the 402 / 429 answer, or the reservation to settle when the
 * call is over — with the call's usage, which a call paid from the balance is charged for.
 */
export async function admitAiCall(
  db: Database,
  userId: string,
  now = new Date(),
  options: ReserveAiCallOptions & { appName?: string } = {},
): Promise<Response | { settle: (usage?: SettledUsage) => Promise<void> }> {
  const admission = await reserveAiCall(db, userId, now, options);
  if (!admission.admitted) {
    appMetrics().quotaRefusals.inc({ reason: admission.status === 402 ? "tokens" : "concurrent_calls" });
    return refusedAiCallResponse(admission);
  }
  const { reservationId, holdFen } = admission;
  if (holdFen > 0 && options.price) {
    const paid = { userId, reservationId, price: options.price, appName: options.appName ?? "AI 应用" };
    return { settle: (usage) => settlePaidCall(db, paid, usage).finally(() => letGo(reservationId)) };
  }
  return { settle: () => releaseAiCallBatched(db, reservationId) };
}

/**
 * The AI proxy's `beforeForward` (the site's pages and the developer API share it, and the proxy is
 * one per process): only calls that generate, and so spend tokens, are held to the monthly quota and
 * the plan's concurrent-call limit, each reserving what it may spend; past the quota, a user who chose
 * 按量付费 pays the app's price from the balance (what a call costs and who pays: decided here only).
 */
export async function admitGenerationCall({ userId, endpoint, app, body }: { userId: string; endpoint: { generation?: string } } & AiCallSpendInput & { app: { appid: string; name: string } }) {
  if (!endpoint.generation) return undefined;
  const db = await getDatabase();
  return admitAiCall(db, userId, new Date(), { tokens: aiCallReservationTokens({ app, body }), price: await appCallPrice(db, app.appid), appName: app.name, appid: app.appid });
}
