import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePlansSeeded } from "@/features/billing/server";
import { postWalletEntry, savePayAsYouGo, walletBalance } from "@/features/wallet/server";
import { billingPlans, openDatabase, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../test/database-targets";
import { callPrice, DEFAULT_PRICE_RULE } from "../call-price";
import { NOT_IN_PLAN_MESSAGE } from "../quota-constants";
import { admitAiCall } from "./ai-call-reservations";

// ¥10 per million tokens ×1: a call that may spend 2 000 tokens holds 2 分.
const PRICE = callPrice(DEFAULT_PRICE_RULE, 1000);
const TOKENS = 2_000;

describe.each(testTargetKinds())("a plan that leaves an app out of its tokens, on %s", (kind) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  const now = new Date("2026-05-20T08:00:00Z");

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    handle = await openDatabase(testDb.target);
    await ensurePlansSeeded(handle.db);
    // Before the plan catalog is first read (it is cached per database): 免费版 pays for every app but demo-model.
    await handle.db.update(billingPlans).set({ appAccess: { mode: "except", apps: ["demo-model"] } }).where(eq(billingPlans.id, "free"));
  });
  afterAll(async () => {
    await handle.close();
    await testDb.dispose();
  });

  const call = (userId: string, appid?: string) => admitAiCall(handle.db, userId, now, { tokens: TOKENS, price: PRICE, appName: "演示模型", appid });

  it("pays for the other apps from the plan's tokens, and refuses the excluded one without 按量付费", async () => {
    const userId = randomUUID();
    const covered = await call(userId, "demo-chat");
    expect(covered).not.toBeInstanceOf(Response);
    const refused = await call(userId, "demo-model");
    expect(refused).toBeInstanceOf(Response);
    expect(await (refused as Response).json()).toEqual({ statusCode: 402, message: NOT_IN_PLAN_MESSAGE });
  });

  it("lets 按量付费 pay for the excluded app from the balance, at its price, even with the plan's tokens unspent", async () => {
    const userId = randomUUID();
    await savePayAsYouGo(handle.db, userId, { enabled: true, monthlyCeilingFen: null });
    const broke = await call(userId, "demo-model");
    expect(await (broke as Response).json()).toEqual({ statusCode: 402, message: NOT_IN_PLAN_MESSAGE });

    await postWalletEntry(handle.db, { userId, kind: "topup", amountFen: 100, cause: "测试充值", reference: `test:${randomUUID()}` });
    const paid = await call(userId, "demo-model");
    if (paid instanceof Response) throw new Error(`refused: ${await paid.text()}`);
    await paid.settle({ messageId: randomUUID(), promptTokens: 0, completionTokens: 3_000, totalTokens: 3_000 });
    expect(await walletBalance(handle.db, userId)).toBe(100 - 3);
  });

  it("a call that names no app (older callers) is paid by the plan as before", async () => {
    expect(await call(randomUUID())).not.toBeInstanceOf(Response);
  });
});
