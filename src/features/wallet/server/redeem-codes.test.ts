import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiQuotaGrants, openDatabase, redeemCodes, redeemRedemptions, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../test/database-targets";
import { walletBalance, walletLedgerEntries } from "./ledger";
import { createRedeemBatch, disableRedeemBatch, normalizeRedeemCode, redeemBatchCsv, redeemCode, redeemCodeLimited } from "./redeem-codes";

const batchOf = (overrides: Partial<Parameters<typeof createRedeemBatch>[1]> = {}) => ({ kind: "balance" as const, value: 500, count: 1, maxUses: 1, perUserLimit: 1, note: "", ...overrides });

describe.each(testTargetKinds())("兑换码 on %s", (kind) => {
  let testDb: TestDatabase;
  // On PostgreSQL two handles stand for two app processes sharing the database.
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  const operator = randomUUID();

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
  const codesOf = async (batchId: string) => (await first.db.select().from(redeemCodes).where(eq(redeemCodes.batchId, batchId))).map((row) => row.code);

  it("300 users redeeming one single-use code at once, from two processes: exactly one succeeds", async () => {
    const batch = await createRedeemBatch(first.db, batchOf(), operator);
    const [code] = await codesOf(batch.id);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const users = Array.from({ length: 300 }, () => randomUUID());
    const results = await Promise.allSettled(users.map((userId, i) => redeemCode((i % 2 ? second : first).db, userId, code!)));
    const won = results.filter((result) => result.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ statusCode: 409, message: "这个兑换码已被使用" });
    const redemptions = await first.db.select().from(redeemRedemptions).where(eq(redeemRedemptions.batchId, batch.id));
    expect(redemptions).toHaveLength(1);
    expect(await walletBalance(first.db, redemptions[0]!.userId)).toBe(500);
    console.info(`[兑换码 on ${kind}] 300 parallel redemptions of one single-use code: ${won.length} succeeded`);
  });

  it("a multi-use code keeps each user to the batch's limit; typed in lower case without dashes it still works", async () => {
    const batch = await createRedeemBatch(first.db, batchOf({ maxUses: 3, perUserLimit: 1, value: 120 }), operator);
    const [code] = await codesOf(batch.id);
    const alice = randomUUID();
    expect(await redeemCode(first.db, alice, code!.toLowerCase().replace(/-/g, " "))).toEqual({ kind: "balance", value: "余额 ¥1.20" });
    await expect(redeemCode(first.db, alice, code!)).rejects.toMatchObject({ statusCode: 409, message: "您已经兑换过这个兑换码了" });
    await redeemCode(first.db, randomUUID(), code!);
    await redeemCode(first.db, randomUUID(), code!);
    await expect(redeemCode(first.db, randomUUID(), code!)).rejects.toMatchObject({ statusCode: 409, message: "这个兑换码已被使用" });
    expect(await walletLedgerEntries(first.db, alice)).toMatchObject([{ kind: "redeem", amountFen: 120 }]);
  });

  it("token codes grant this month's tokens; expired, disabled and unknown codes redeem nothing", async () => {
    const now = new Date("2026-05-20T08:00:00Z");
    const tokens = await createRedeemBatch(first.db, batchOf({ kind: "tokens", value: 50_000 }), operator);
    const userId = randomUUID();
    await redeemCode(first.db, userId, (await codesOf(tokens.id))[0]!, { now });
    expect(await first.db.select().from(aiQuotaGrants).where(eq(aiQuotaGrants.userId, userId))).toMatchObject([{ tokens: 50_000, period: "2026-05", adminId: operator }]);

    const expired = await createRedeemBatch(first.db, batchOf({ expiresAt: "2026-05-01T00:00:00+08:00" }), operator);
    await expect(redeemCode(first.db, randomUUID(), (await codesOf(expired.id))[0]!, { now })).rejects.toMatchObject({ statusCode: 410, message: "这个兑换码已过期" });
    const disabled = await createRedeemBatch(first.db, batchOf({ count: 2 }), operator);
    expect(await disableRedeemBatch(first.db, disabled.id)).toBe(true);
    expect(await disableRedeemBatch(first.db, disabled.id)).toBe(false);
    await expect(redeemCode(first.db, randomUUID(), (await codesOf(disabled.id))[0]!)).rejects.toMatchObject({ statusCode: 410, message: "这个兑换码已停用" });
    await expect(redeemCode(first.db, randomUUID(), "AAAA-BBBB-CCCC-DDDD")).rejects.toMatchObject({ statusCode: 404 });
    expect(normalizeRedeemCode(" abcd efgh-jkmn pqrs ")).toBe("ABCD-EFGH-JKMN-PQRS");
  });

  it("exports a batch as CSV, its note quoted and a formula neutralised", async () => {
    const batch = await createRedeemBatch(first.db, batchOf({ count: 3, note: '=HYPERLINK("x")' }), operator);
    const csv = (await redeemBatchCsv(first.db, batch.id))!;
    const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("兑换码,已使用次数,可使用次数,面值,过期时间,备注");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^[0-9A-Z-]{19},0,1,"余额 ¥5",,"'=HYPERLINK\(""x""\)"$/);
    expect(await redeemBatchCsv(first.db, randomUUID())).toBeNull();
  });

  it("limits attempts per user and per address (429), before looking the code up", async () => {
    const userId = randomUUID();
    for (let i = 0; i < 10; i += 1) await expect(redeemCodeLimited(first.db, userId, "AAAA-AAAA-AAAA-AAAA", { ip: "203.0.113.9" })).rejects.toMatchObject({ statusCode: 404 });
    await expect(redeemCodeLimited(first.db, userId, "AAAA-AAAA-AAAA-AAAA", { ip: "203.0.113.9" })).rejects.toMatchObject({ statusCode: 429, message: "兑换尝试太频繁，请一分钟后再试" });
    // Other users from the same address: 30 attempts a minute in all.
    for (let i = 0; i < 19; i += 1) await expect(redeemCodeLimited(first.db, randomUUID(), "AAAA-AAAA-AAAA-AAAA", { ip: "203.0.113.9" })).rejects.toMatchObject({ statusCode: 404 });
    await expect(redeemCodeLimited(first.db, randomUUID(), "AAAA-AAAA-AAAA-AAAA", { ip: "203.0.113.9" })).rejects.toMatchObject({ statusCode: 429 });
  });
});
