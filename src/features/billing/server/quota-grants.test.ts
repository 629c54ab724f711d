import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { aiQuotaGrants, aiUsageEvents } from "@/lib/db";
import { testTargetKinds, useTestDatabase } from "../../../../test/database-targets";
import { checkTokenQuota, releaseAiCall, reserveAiCall } from "@/features/metering/server";
import { grantedTokensThisMonth, listQuotaGrants, quotaPeriod } from "./quota-grants";
import { getSubscriptionSummary } from "./subscription-summary";

// Issue 18 额度: the month's limit is the plan's tokens plus that month's grants (± ), for the AI
// proxy's admission (reserveAiCall) and for every reader of the summary.
describe.each(testTargetKinds())("quota grants on %s", (kind) => {
  const database = useTestDatabase(kind);
  const now = new Date("2026-05-20T08:00:00Z");
  const FREE_QUOTA = 100_000;
  const adminId = randomUUID();

  const use = (userId: string, totalTokens: number) =>
    database.db.insert(aiUsageEvents).values({ appid: "demo-chat", userId, kind: "chat", messageId: randomUUID(), totalTokens, createdAt: new Date("2026-05-10T00:00:00Z") });
  const grant = (userId: string, tokens: number, period = "2026-05", reason = "客服补偿") =>
    database.db.insert(aiQuotaGrants).values({ userId, tokens, reason, adminId, period, createdAt: now });

  it("names the month in China time", () => {
    expect(quotaPeriod(new Date("2026-05-31T15:59:59Z"))).toBe("2026-05");
    expect(quotaPeriod(new Date("2026-05-31T16:00:00Z"))).toBe("2026-06");
  });

  it("admits a call that was refused once tokens are granted, and refuses it again when they are taken back", async () => {
    const userId = randomUUID();
    await use(userId, FREE_QUOTA);
    expect(await reserveAiCall(database.db, userId, now)).toMatchObject({ admitted: false, status: 402 });
    expect((await checkTokenQuota(database.db, userId, now)).allowed).toBe(false);

    await grant(userId, 5_000);
    const admitted = await reserveAiCall(database.db, userId, now);
    expect(admitted.admitted).toBe(true);
    if (admitted.admitted) await releaseAiCall(database.db, admitted.reservationId);
    expect(await checkTokenQuota(database.db, userId, now)).toEqual({ allowed: true, tokensUsed: FREE_QUOTA, tokensQuota: FREE_QUOTA + 5_000 });

    await grant(userId, -5_000, "2026-05", "误发收回");
    expect(await reserveAiCall(database.db, userId, now)).toMatchObject({ admitted: false, status: 402 });
    expect(await grantedTokensThisMonth(database.db, userId, now)).toBe(0);
  });

  it("taking back lowers the limit of a user with room left, never below zero", async () => {
    const userId = randomUUID();
    await use(userId, 10_000);
    await grant(userId, -95_000);
    expect(await checkTokenQuota(database.db, userId, now)).toEqual({ allowed: false, tokensUsed: 10_000, tokensQuota: 5_000 });
    expect(await reserveAiCall(database.db, userId, now)).toMatchObject({ admitted: false, status: 402 });
    await grant(userId, -500_000);
    expect((await getSubscriptionSummary(database.db, userId, now)).usage).toEqual({ tokensUsed: 10_000, tokensQuota: 0, grantedTokens: -595_000 });
  });

  it("counts only the month's grants: last month's and next month's do not", async () => {
    const userId = randomUUID();
    await use(userId, FREE_QUOTA);
    await grant(userId, 50_000, "2026-04");
    await grant(userId, 50_000, "2026-06");
    expect(await reserveAiCall(database.db, userId, now)).toMatchObject({ admitted: false });
    expect((await getSubscriptionSummary(database.db, userId, now)).usage.grantedTokens).toBe(0);
    expect((await getSubscriptionSummary(database.db, userId, new Date("2026-06-02T00:00:00Z"))).usage).toMatchObject({ tokensUsed: 0, tokensQuota: FREE_QUOTA + 50_000, grantedTokens: 50_000 });
  });

  it("lists the month's grants of that user only, newest first, with reasons", async () => {
    const userId = randomUUID();
    await grant(randomUUID(), 1_000);
    await database.db.insert(aiQuotaGrants).values({ userId, tokens: 2_000, reason: "活动奖励", adminId, period: "2026-05", createdAt: new Date("2026-05-02T00:00:00Z") });
    await database.db.insert(aiQuotaGrants).values({ userId, tokens: -500, reason: "多发收回", adminId, period: "2026-05", createdAt: new Date("2026-05-03T00:00:00Z") });
    await grant(userId, 9, "2026-04");
    expect((await listQuotaGrants(database.db, userId, now)).map(({ tokens, reason }) => [tokens, reason])).toEqual([
      [-500, "多发收回"],
      [2_000, "活动奖励"],
    ]);
  });
});
