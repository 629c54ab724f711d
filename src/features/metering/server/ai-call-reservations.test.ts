import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiQuotaGrants, aiQuotaReservations, aiUsageEvents, openDatabase, subscriptions, type DatabaseHandle, type NewSubscription } from "@/lib/db";
import { quotaPeriod } from "@/features/billing/server";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../test/database-targets";
import { AI_CALL_RESERVATION_TTL_MS, aiCallsInFlight, releaseAiCall, reserveAiCall } from "./ai-call-reservations";

describe.each(testTargetKinds())("AI call reservations on %s", (kind) => {
  let testDb: TestDatabase;
  // On PostgreSQL two handles stand for two app processes sharing the database.
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  const now = new Date("2026-05-20T08:00:00Z");
  const FREE_QUOTA = 100_000;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    first = await openDatabase(testDb.target);
    second = kind === "postgres" ? await openDatabase(testDb.target) : first;
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
    await testDb.dispose();
  });

  const use = (userId: string, totalTokens: number) =>
    first.db.insert(aiUsageEvents).values({ appid: "demo-chat", userId, kind: "chat", messageId: randomUUID(), totalTokens, createdAt: new Date("2026-05-10T00:00:00Z") });

  it("admits at most the plan's concurrent calls out of 20 fired at once, from two processes", async () => {
    const userId = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => reserveAiCall((i % 2 ? second : first).db, userId, now)));
    expect(results.filter((result) => result.admitted)).toHaveLength(2);
    expect(results.filter((result) => !result.admitted && result.status === 429)).toHaveLength(18);
    expect(await aiCallsInFlight(first.db, userId, now)).toBe(2);
    for (const result of results) if (result.admitted) await releaseAiCall(first.db, result.reservationId);
    expect(await aiCallsInFlight(first.db, userId, now)).toBe(0);
  });

  it("counts reserved tokens against the quota: near the edge (within 5 %) one call runs, the next gets 402", async () => {
    const userId = randomUUID();
    await use(userId, FREE_QUOTA - 500);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => reserveAiCall((i % 2 ? second : first).db, userId, now)));
    expect(results.filter((result) => result.admitted)).toHaveLength(1);
    expect(results.filter((result) => !result.admitted && result.status === 402)).toHaveLength(19);
    const [reservation] = await first.db.select().from(aiQuotaReservations).where(eq(aiQuotaReservations.userId, userId));
    // What the call may spend, in full: the calls after it see nothing left.
    expect(reservation?.tokens).toBe(2_000);
  });

  it("admits a call only when what is left, plus 5 % of the quota, covers what it may spend", async () => {
    const userId = randomUUID();
    await use(userId, FREE_QUOTA - 1_000);
    // 1 000 left and 5 000 of allowance: a call that may spend 7 000 would end the month 6 % over.
    expect(await reserveAiCall(first.db, userId, now, { tokens: 7_000 })).toMatchObject({ admitted: false, status: 402, message: "本月额度已用完，请升级套餐" });
    const fits = await reserveAiCall(first.db, userId, now, { tokens: 6_000 });
    expect(fits.admitted).toBe(true);
    expect(await reserveAiCall(second.db, userId, now, { tokens: 1 })).toMatchObject({ admitted: false, status: 402 });
    if (fits.admitted) await releaseAiCall(first.db, fits.reservationId);
  });

  it("stops counting a reservation its process never settled after 15 minutes", async () => {
    const userId = randomUUID();
    expect((await reserveAiCall(first.db, userId, now)).admitted).toBe(true);
    expect((await reserveAiCall(first.db, userId, now)).admitted).toBe(true);
    expect(await reserveAiCall(first.db, userId, now)).toMatchObject({ admitted: false, status: 429 });
    const later = new Date(now.getTime() + AI_CALL_RESERVATION_TTL_MS);
    expect(await aiCallsInFlight(first.db, userId, later)).toBe(0);
    expect((await reserveAiCall(first.db, userId, later)).admitted).toBe(true);
  });

  const subscribe = (userId: string, row: Partial<NewSubscription>) =>
    first.db.insert(subscriptions).values({ userId, planId: "pro", provider: "local", currentPeriodStart: new Date("2026-05-01T00:00:00Z"), currentPeriodEnd: new Date("2026-06-01T00:00:00Z"), ...row });
  /** How many of `count` calls fired at once are admitted, and the refusals' statuses. */
  const admitted = async (userId: string, count: number) => {
    const results = await Promise.all(Array.from({ length: count }, (_, i) => reserveAiCall((i % 2 ? second : first).db, userId, now)));
    return { admitted: results.filter((result) => result.admitted).length, refused: [...new Set(results.flatMap((result) => (result.admitted ? [] : [result.status])))] };
  };

  it("holds an active paid plan to its own limits: 专业版 runs 4 at once; its period's quota, not the plan's figure", async () => {
    const pro = randomUUID();
    await subscribe(pro, {});
    expect(await admitted(pro, 10)).toEqual({ admitted: 4, refused: [429] });

    const frozenQuota = randomUUID();
    await subscribe(frozenQuota, { periodTokenQuota: 1_000 });
    await use(frozenQuota, 1_000);
    expect(await admitted(frozenQuota, 3)).toEqual({ admitted: 0, refused: [402] });
  });

  it("treats a canceled subscription and a plan that no longer exists as the free plan", async () => {
    const canceled = randomUUID();
    await subscribe(canceled, { status: "canceled" });
    expect(await admitted(canceled, 6)).toEqual({ admitted: 2, refused: [429] });
    const canceledAtItsQuota = randomUUID();
    await subscribe(canceledAtItsQuota, { status: "canceled" });
    await use(canceledAtItsQuota, FREE_QUOTA);
    expect(await reserveAiCall(first.db, canceledAtItsQuota, now)).toMatchObject({ admitted: false, status: 402 });

    const unknownPlan = randomUUID();
    await subscribe(unknownPlan, { planId: "deleted-plan" });
    expect(await admitted(unknownPlan, 6)).toEqual({ admitted: 2, refused: [429] });
  });

  it("adds operators' grants of the month to the quota", async () => {
    const userId = randomUUID();
    await use(userId, FREE_QUOTA);
    expect(await reserveAiCall(first.db, userId, now)).toMatchObject({ admitted: false, status: 402 });
    await first.db.insert(aiQuotaGrants).values({ userId, tokens: 300, reason: "补偿", adminId: randomUUID(), period: quotaPeriod(now) });
    const result = await reserveAiCall(first.db, userId, now);
    expect(result.admitted).toBe(true);
    const [reservation] = await first.db.select().from(aiQuotaReservations).where(eq(aiQuotaReservations.userId, userId));
    expect(reservation?.tokens).toBe(2_000);
  });

  it("settles a local period that ended before admitting: a cancellation at period end leaves the free plan's limits", async () => {
    const userId = randomUUID();
    await subscribe(userId, { cancelAtPeriodEnd: true, currentPeriodEnd: new Date("2026-05-15T00:00:00Z") });
    expect(await admitted(userId, 6)).toEqual({ admitted: 2, refused: [429] });
    const [row] = await first.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row?.status).toBe("canceled");
  });
});
