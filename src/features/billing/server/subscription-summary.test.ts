import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { aiUsageEvents, subscriptions } from "@/lib/db";
import { testTargetKinds, useTestDatabase } from "../../../../test/database-targets";
import { getSubscriptionSummary, startOfMonth } from "./subscription-summary";

describe.each(testTargetKinds())("getSubscriptionSummary on %s", (kind) => {
  const database = useTestDatabase(kind);
  const now = new Date("2026-03-15T12:00:00Z");

  const usage = (userId: string, totalTokens: number, createdAt: Date) =>
    database.db.insert(aiUsageEvents).values({ appid: "demo", userId, kind: "chat", messageId: randomUUID(), totalTokens, createdAt });

  it("puts users without a subscription on the free plan and counts this month (China time) only", async () => {
    const userId = randomUUID();
    await usage(userId, 120, new Date("2026-02-28T16:00:00Z")); // 2026-03-01 00:00 in Beijing
    await usage(userId, 30, new Date("2026-03-15T11:00:00Z"));
    await usage(userId, 999, new Date("2026-02-28T15:59:59Z")); // 2026-02-28 23:59:59 in Beijing
    await usage(randomUUID(), 5000, new Date("2026-03-10T00:00:00Z"));
    const summary = await getSubscriptionSummary(database.db, userId, now);
    expect(summary.plan.id).toBe("free");
    expect(summary.usage).toEqual({ tokensUsed: 150, tokensQuota: 100_000, grantedTokens: 0 });
  });

  it("reports an active paid plan and falls back to free once canceled", async () => {
    const userId = randomUUID();
    await database.db.insert(subscriptions).values({ userId, planId: "pro", currentPeriodEnd: new Date("2026-04-01T00:00:00Z") });
    const pro = await getSubscriptionSummary(database.db, userId, now);
    expect(pro).toMatchObject({ plan: { id: "pro", name: "专业版" }, status: "active", currentPeriodEnd: "2026-04-01T00:00:00.000Z" });
    await database.db.update(subscriptions).set({ status: "canceled" });
    expect((await getSubscriptionSummary(database.db, userId, now)).plan.id).toBe("free");
  });
});

describe("startOfMonth", () => {
  it("is the first instant of the month in China time", () => {
    expect(startOfMonth(new Date("2026-12-31T23:59:59Z")).toISOString()).toBe("2026-12-31T16:00:00.000Z");
    expect(startOfMonth(new Date("2026-12-31T15:59:59Z")).toISOString()).toBe("2026-11-30T16:00:00.000Z");
  });
});
