import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { aiUsageEvents, redeemCodes, subscriptions } from "@/lib/db";
import { testTargetKinds, useTestDatabase } from "../../../../test/database-targets";
import { checkTokenQuota, releaseAiCall, reserveAiCall } from "@/features/metering/server";
import { createRedeemBatch, getWalletView, redeemCode } from "@/features/wallet/server";
import { setPlanByOperator } from "./operator-plan";
import { redeemablePlans } from "./redeemed-plan";
import { getSubscriptionSummary } from "./subscription-summary";

const DAY_MS = 86_400_000;

// Issue 35 item 4: a 兑换码 may give a plan for N days. It is a period like any other (a local one
// that does not renew), so quota and admission follow it and it ends by itself.
describe.each(testTargetKinds())("plan codes on %s", (kind) => {
  const database = useTestDatabase(kind);
  const now = new Date("2026-05-10T08:00:00Z");
  const operator = randomUUID();

  async function planCode(planId: string, days: number): Promise<string> {
    const plans = await redeemablePlans(database.db);
    const batch = await createRedeemBatch(database.db, { kind: "plan", planId, value: days, count: 1, maxUses: 1, perUserLimit: 1, note: "" }, operator, { now, plans });
    const [row] = await database.db.select().from(redeemCodes).where(eq(redeemCodes.batchId, batch.id));
    return row!.code;
  }
  const redeem = async (userId: string, code: string, at = now) => redeemCode(database.db, userId, code, { now: at, plans: await redeemablePlans(database.db) });
  const periodEnd = async (userId: string) => (await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]?.currentPeriodEnd;

  it("gives the plan for N days: quota and admission follow it, the record says what it gave, and it ends by itself", async () => {
    const userId = randomUUID();
    // The free plan's month is spent: a call is refused.
    await database.db.insert(aiUsageEvents).values({ appid: "demo-chat", userId, kind: "chat", messageId: randomUUID(), totalTokens: 100_000, createdAt: now });
    expect(await reserveAiCall(database.db, userId, now)).toMatchObject({ admitted: false, status: 402 });

    expect(await redeem(userId, await planCode("pro", 30))).toEqual({ kind: "plan", value: "专业版 30 天" });
    const summary = await getSubscriptionSummary(database.db, userId, now);
    expect(summary.plan.id).toBe("pro");
    expect(summary.currentPeriodEnd).toBe(new Date(now.getTime() + 30 * DAY_MS).toISOString());
    const admitted = await reserveAiCall(database.db, userId, now);
    expect(admitted.admitted).toBe(true);
    if (admitted.admitted) await releaseAiCall(database.db, admitted.reservationId);
    expect((await checkTokenQuota(database.db, userId, now)).tokensQuota).toBe(summary.usage.tokensQuota);
    expect(summary.usage.tokensQuota).toBeGreaterThan(100_000);
    expect((await getWalletView(database.db, userId)).redemptions.map((row) => row.granted)).toEqual(["专业版 30 天"]);

    const after = new Date(now.getTime() + 30 * DAY_MS + 1000);
    expect((await getSubscriptionSummary(database.db, userId, after)).plan.id).toBe("free");
  });

  it("a second code of the same plan extends it; two redeemed at once both count", async () => {
    const userId = randomUUID();
    await redeem(userId, await planCode("pro", 30));
    await redeem(userId, await planCode("pro", 7));
    expect(await periodEnd(userId)).toEqual(new Date(now.getTime() + 37 * DAY_MS));

    const other = randomUUID();
    const [a, b] = [await planCode("team", 10), await planCode("team", 20)];
    await Promise.all([redeem(other, a), redeem(other, b)]);
    expect(await periodEnd(other)).toEqual(new Date(now.getTime() + 30 * DAY_MS));
  });

  it("on a paid period of the same plan the days come after it; another plan in force is refused and the code stays unused", async () => {
    const paying = randomUUID();
    await setPlanByOperator(database.db, paying, "pro", now);
    const paidEnd = (await periodEnd(paying))!;
    await redeem(paying, await planCode("pro", 30));
    expect(await periodEnd(paying)).toEqual(new Date(paidEnd.getTime() + 30 * DAY_MS));

    const onTeam = randomUUID();
    await setPlanByOperator(database.db, onTeam, "team", now);
    const code = await planCode("pro", 30);
    await expect(redeem(onTeam, code)).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining("请在到期后再兑换") });
    expect((await getSubscriptionSummary(database.db, onTeam, now)).plan.id).toBe("team");
    // Nothing was spent: once the team period has ended the same code gives its days.
    const later = new Date((await periodEnd(onTeam))!.getTime() + 1000);
    expect(await redeem(onTeam, code, later)).toEqual({ kind: "plan", value: "专业版 30 天" });
    expect((await getSubscriptionSummary(database.db, onTeam, later)).plan.id).toBe("pro");

    const stripe = randomUUID();
    await database.db.insert(subscriptions).values({ userId: stripe, planId: "pro", provider: "stripe", currentPeriodStart: now, currentPeriodEnd: new Date(now.getTime() + 30 * DAY_MS) });
    await expect(redeem(stripe, await planCode("pro", 30))).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining("自动续费") });
  });

  it("a batch needs a paid plan that exists", async () => {
    const plans = await redeemablePlans(database.db);
    for (const planId of ["free", "no-such-plan"]) {
      await expect(createRedeemBatch(database.db, { kind: "plan", planId, value: 30, count: 1, maxUses: 1, perUserLimit: 1, note: "" }, operator, { plans })).rejects.toMatchObject({ statusCode: 400 });
    }
  });
});
