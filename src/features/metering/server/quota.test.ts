import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { aiUsageEvents, subscriptions } from "@/lib/db";
import { testTargetKinds, useTestDatabase } from "../../../../test/database-targets";
import { checkTokenQuota, enforceTokenQuota, QUOTA_EXCEEDED_MESSAGE, quotaExceededResponse } from "./quota";

describe.each(testTargetKinds())("checkTokenQuota on %s", (kind) => {
  const database = useTestDatabase(kind);
  const now = new Date("2026-05-20T08:00:00Z");
  const FREE_QUOTA = 100_000;

  const use = (userId: string, totalTokens: number, createdAt = new Date("2026-05-10T00:00:00Z")) =>
    database.db.insert(aiUsageEvents).values({ appid: "demo-chat", userId, kind: "chat", messageId: randomUUID(), totalTokens, createdAt });

  it("refuses exactly at the quota and allows one token below it", async () => {
    const atQuota = randomUUID();
    await use(atQuota, FREE_QUOTA);
    expect(await checkTokenQuota(database.db, atQuota, now)).toEqual({ allowed: false, tokensUsed: FREE_QUOTA, tokensQuota: FREE_QUOTA });

    const below = randomUUID();
    await use(below, FREE_QUOTA - 1);
    expect(await checkTokenQuota(database.db, below, now)).toEqual({ allowed: true, tokensUsed: FREE_QUOTA - 1, tokensQuota: FREE_QUOTA });
  });

  it("resets at midnight Beijing time on the 1st, not at 08:00 (midnight UTC)", async () => {
    const userId = randomUUID();
    // 2026-05-31 23:59:59 in Beijing: the last second of May there.
    await use(userId, FREE_QUOTA + 500, new Date("2026-05-31T15:59:59Z"));
    expect((await checkTokenQuota(database.db, userId, new Date("2026-05-31T15:59:59.500Z"))).allowed).toBe(false);
    expect(await checkTokenQuota(database.db, userId, new Date("2026-05-31T16:00:00Z"))).toEqual({ allowed: true, tokensUsed: 0, tokensQuota: FREE_QUOTA });
    // A call at 06:00 on June 1st in Beijing (still May 31 in UTC) counts for June.
    await use(userId, 70, new Date("2026-05-31T22:00:00Z"));
    expect(await checkTokenQuota(database.db, userId, new Date("2026-06-01T01:00:00Z"))).toMatchObject({ allowed: true, tokensUsed: 70 });
  });

  it("uses the paid plan's quota while it is active", async () => {
    const userId = randomUUID();
    await use(userId, FREE_QUOTA);
    await database.db.insert(subscriptions).values({ userId, planId: "pro", provider: "local", currentPeriodStart: new Date("2026-05-01T00:00:00Z"), currentPeriodEnd: new Date("2026-06-01T00:00:00Z") });
    expect(await checkTokenQuota(database.db, userId, now)).toEqual({ allowed: true, tokensUsed: FREE_QUOTA, tokensQuota: 2_000_000 });
  });

  it("lets concurrent checks near the limit through, then refuses all once usage is recorded", async () => {
    const userId = randomUUID();
    await use(userId, FREE_QUOTA - 10);
    // Ten requests arrive together with 10 tokens left: all are allowed (no reservation is made)…
    const checks = await Promise.all(Array.from({ length: 10 }, () => checkTokenQuota(database.db, userId, now)));
    expect(checks.every((check) => check.allowed)).toBe(true);
    // …each answer is recorded when it finishes: the overshoot is at most one answer per request.
    await Promise.all(Array.from({ length: 10 }, () => use(userId, 40)));
    const after = await Promise.all(Array.from({ length: 5 }, () => checkTokenQuota(database.db, userId, now)));
    expect(after.map((check) => check.allowed)).toEqual([false, false, false, false, false]);
    expect(after[0]).toMatchObject({ tokensUsed: FREE_QUOTA - 10 + 400 });
  });

  it("enforceTokenQuota answers 402 only when the quota is used up", async () => {
    const userId = randomUUID();
    expect(await enforceTokenQuota(database.db, userId, now)).toBeUndefined();
    await use(userId, FREE_QUOTA);
    const refused = await enforceTokenQuota(database.db, userId, now);
    expect(refused?.status).toBe(402);
    expect(await refused?.json()).toEqual({ statusCode: 402, message: "本月额度已用完，请升级套餐" });
  });

  it("users' usage never counts against each other", async () => {
    const heavy = randomUUID();
    const light = randomUUID();
    await use(heavy, FREE_QUOTA * 2);
    expect((await checkTokenQuota(database.db, light, now)).allowed).toBe(true);
  });
});

describe("quotaExceededResponse", () => {
  it("answers 402 with the Chinese message", async () => {
    const response = quotaExceededResponse();
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ statusCode: 402, message: QUOTA_EXCEEDED_MESSAGE });
    expect(QUOTA_EXCEEDED_MESSAGE).toBe("本月额度已用完，请升级套餐");
  });
});
