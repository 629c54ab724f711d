import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiQuotaReservations, aiUsageEvents, openDatabase, type DatabaseHandle } from "@/lib/db";
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

  it("counts reserved tokens against the quota: near the edge one call runs, the next gets 402", async () => {
    const userId = randomUUID();
    await use(userId, FREE_QUOTA - 500);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => reserveAiCall((i % 2 ? second : first).db, userId, now)));
    expect(results.filter((result) => result.admitted)).toHaveLength(1);
    expect(results.filter((result) => !result.admitted && result.status === 402)).toHaveLength(19);
    const [reservation] = await first.db.select().from(aiQuotaReservations).where(eq(aiQuotaReservations.userId, userId));
    // Never more than what was left.
    expect(reservation?.tokens).toBe(500);
  });

  it("lets a reservation of a dead process expire", async () => {
    const userId = randomUUID();
    expect((await reserveAiCall(first.db, userId, now)).admitted).toBe(true);
    expect((await reserveAiCall(first.db, userId, now)).admitted).toBe(true);
    expect(await reserveAiCall(first.db, userId, now)).toMatchObject({ admitted: false, status: 429 });
    const later = new Date(now.getTime() + AI_CALL_RESERVATION_TTL_MS);
    expect(await aiCallsInFlight(first.db, userId, later)).toBe(0);
    expect((await reserveAiCall(first.db, userId, later)).admitted).toBe(true);
  });
});
