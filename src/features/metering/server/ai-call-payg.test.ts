import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePlansSeeded } from "@/features/billing/server";
import { postWalletEntry, savePayAsYouGo, walletBalance, walletLedgerEntries } from "@/features/wallet/server";
import { aiQuotaReservations, aiUsageEvents, billingPlans, openDatabase, walletLedger, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../test/database-targets";
import { callPrice, DEFAULT_PRICE_RULE } from "../call-price";
import { admitAiCall, reserveAiCall } from "./ai-call-reservations";
import { getLatestCalls } from "./usage-queries";

// ¥10 per million tokens ×1: a call that may spend 2 000 tokens holds 2 分.
const PRICE = callPrice(DEFAULT_PRICE_RULE, 1000);
const TOKENS = 2_000;

describe.each(testTargetKinds())("按量付费 at admission on %s", (kind) => {
  let testDb: TestDatabase;
  // On PostgreSQL two handles stand for two app processes sharing the database.
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  const now = new Date("2026-05-20T08:00:00Z");

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    first = await openDatabase(testDb.target);
    second = kind === "postgres" ? await openDatabase(testDb.target) : first;
    // Room for 200 calls in flight, so the balance (not the plan's concurrent calls) is what limits them.
    await ensurePlansSeeded(first.db);
    await first.db.update(billingPlans).set({ maxConcurrentAiCalls: 1_000 }).where(eq(billingPlans.id, "free"));
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
    await testDb.dispose();
  });

  /** A free-plan user whose month's 100 000 tokens are spent, with 按量付费 as given and `balanceFen`. */
  async function overQuota(balanceFen: number, payAsYouGo: { enabled: boolean; monthlyCeilingFen: number | null } = { enabled: true, monthlyCeilingFen: null }) {
    const userId = randomUUID();
    await first.db.insert(aiUsageEvents).values({ appid: "demo-chat", userId, kind: "chat", messageId: randomUUID(), totalTokens: 100_000, createdAt: new Date("2026-05-10T00:00:00Z") });
    await savePayAsYouGo(first.db, userId, payAsYouGo);
    if (balanceFen > 0) await postWalletEntry(first.db, { userId, kind: "topup", amountFen: balanceFen, cause: "测试充值", reference: `test:${randomUUID()}` });
    return userId;
  }
  const usage = (totalTokens: number) => ({ messageId: randomUUID(), promptTokens: 0, completionTokens: totalTokens, totalTokens });

  it("200 calls at once from a balance that covers 50: at most 50 are admitted and charged, the balance ends ≥ 0", async () => {
    const userId = await overQuota(50 * 2);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => admitAiCall((i % 2 ? second : first).db, userId, now, { tokens: TOKENS, price: PRICE, appName: "演示对话" })));
    const admitted = answers.filter((answer): answer is Exclude<typeof answer, Response> => !(answer instanceof Response));
    const refused = answers.filter((answer): answer is Response => answer instanceof Response);
    expect(admitted.length).toBeLessThanOrEqual(50);
    expect(admitted.length).toBeGreaterThan(0);
    for (const answer of refused) expect(await answer.json()).toEqual({ statusCode: 402, message: "本月套餐额度已用完，余额不足以支付这次调用，请先充值" });
    // Each call used what it reserved: 2 分.
    await Promise.all(admitted.map((answer) => answer.settle(usage(TOKENS))));
    const spends = (await walletLedgerEntries(first.db, userId, 500)).filter((entry) => entry.kind === "spend");
    expect(spends).toHaveLength(admitted.length);
    expect(spends.every((entry) => entry.amountFen === -2 && entry.cause === "演示对话（2,000 tokens）")).toBe(true);
    const balance = await walletBalance(first.db, userId);
    expect(balance).toBe(100 - 2 * admitted.length);
    expect(balance).toBeGreaterThanOrEqual(0);
    const [sum] = await first.db.select({ total: sql<string>`sum(${walletLedger.amountFen})` }).from(walletLedger).where(eq(walletLedger.userId, userId));
    expect(Number(sum?.total)).toBe(balance);
    expect(await first.db.select().from(aiQuotaReservations).where(eq(aiQuotaReservations.userId, userId))).toEqual([]);
    console.info(`[按量付费 on ${kind}] 200 parallel calls, balance for 50: ${admitted.length} admitted and charged, balance ${balance} 分`);
  });

  it("charges what the call used at the app's price, once; a failed call costs nothing and frees its hold", async () => {
    const userId = await overQuota(100);
    const call = await admitAiCall(first.db, userId, now, { tokens: TOKENS, price: PRICE, appName: "演示对话" });
    if (call instanceof Response) throw new Error(`refused: ${await call.text()}`);
    const used = usage(12_345);
    await first.db.insert(aiUsageEvents).values({ appid: "demo-chat", userId, kind: "chat", ...used, createdAt: now });
    await call.settle(used);
    await call.settle(used);
    expect(await walletBalance(first.db, userId)).toBe(100 - 13);
    // The usage page shows what the call cost; the plan's calls show none.
    expect((await getLatestCalls(first.db, userId)).map((row) => row.costFen)).toEqual([13, null]);
    const failed = await admitAiCall(first.db, userId, now, { tokens: TOKENS, price: PRICE });
    if (failed instanceof Response) throw new Error("refused");
    await failed.settle();
    expect(await walletBalance(first.db, userId)).toBe(87);
    expect(await first.db.select().from(aiQuotaReservations).where(eq(aiQuotaReservations.userId, userId))).toEqual([]);
  });

  it("refuses with the plan's message when 按量付费 is off or the app has no price; within the plan nothing is held", async () => {
    const off = await overQuota(1_000, { enabled: false, monthlyCeilingFen: null });
    expect(await reserveAiCall(first.db, off, now, { tokens: TOKENS, price: PRICE })).toMatchObject({ admitted: false, status: 402, message: "本月额度已用完，请升级套餐" });
    const on = await overQuota(1_000);
    expect(await reserveAiCall(first.db, on, now, { tokens: TOKENS })).toMatchObject({ admitted: false, status: 402, message: "本月额度已用完，请升级套餐" });
    const fresh = randomUUID();
    expect(await reserveAiCall(first.db, fresh, now, { tokens: TOKENS, price: PRICE })).toMatchObject({ admitted: true, holdFen: 0 });
  });

  it("stops at the user's monthly ceiling (spent this month plus what calls in flight hold)", async () => {
    const userId = await overQuota(1_000, { enabled: true, monthlyCeilingFen: 5 });
    const a = await reserveAiCall(first.db, userId, now, { tokens: TOKENS, price: PRICE });
    const b = await reserveAiCall(first.db, userId, now, { tokens: TOKENS, price: PRICE });
    expect([a.admitted, b.admitted]).toEqual([true, true]);
    expect(await reserveAiCall(first.db, userId, now, { tokens: TOKENS, price: PRICE })).toMatchObject({ admitted: false, status: 402, message: "本月按量付费已达到您设置的扣费上限，可在账单页调整上限" });
  });
});
