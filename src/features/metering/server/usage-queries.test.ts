import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiApps, aiUsageEvents, apiKeys, openDatabase, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../test/database-targets";
import { startOfMonth } from "@/features/billing";
import { getLatestCalls, getTokensByDay, getUsageByApp, getUsageByModel } from "./usage-queries";

describe.each(testTargetKinds())("usage queries on %s", (kind) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  const me = randomUUID();
  const someoneElse = randomUUID();
  const now = new Date("2026-04-30T15:00:00Z"); // 23:00 on April 30th in Beijing

  const use = (userId: string, appid: string, totalTokens: number, createdAt: string, kind: "chat" | "workflow" = "chat") =>
    handle.db.insert(aiUsageEvents).values({ appid, userId, kind, messageId: randomUUID(), promptTokens: 10, completionTokens: totalTokens - 10, totalTokens, latencyMs: 120, createdAt: new Date(createdAt) });

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    handle = await openDatabase(testDb.target);
    await handle.db.insert(aiApps).values([
      { appid: "u-chat", kind: "chat", name: "对话助手", upstreamBaseUrl: "embedded:dify", upstreamSecretKey: "k1" },
      { appid: "u-flow", kind: "workflow", name: "周报工作流", upstreamBaseUrl: "embedded:dify", upstreamSecretKey: "k2" },
    ]);
    // Days are calendar days in Beijing (UTC+8): 2026-04-01 runs from 03-31T16:00Z to 04-01T16:00Z.
    await use(me, "u-chat", 100, "2026-03-31T16:00:00Z"); // first instant of the window
    await use(me, "u-chat", 50, "2026-04-01T15:59:59Z"); // last second of April 1st
    await use(me, "u-flow", 300, "2026-04-15T12:00:00Z", "workflow");
    await use(me, "u-chat", 25, "2026-04-30T14:00:00Z");
    await use(me, "gone-app", 40, "2026-03-31T15:59:59Z"); // March 31st in Beijing: outside the window
    await use(someoneElse, "u-chat", 9999, "2026-04-15T12:00:00Z");
  });
  afterAll(async () => {
    await handle.close();
    await testDb.dispose();
  });

  it("sums tokens per Beijing calendar day over the last 30 days, with empty days filled", async () => {
    const days = await getTokensByDay(handle.db, me, { days: 30, now });
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: "2026-04-01", tokens: 150, calls: 2 });
    expect(days[1]).toEqual({ date: "2026-04-02", tokens: 0, calls: 0 });
    expect(days[14]).toEqual({ date: "2026-04-15", tokens: 300, calls: 1 });
    expect(days[29]).toEqual({ date: "2026-04-30", tokens: 25, calls: 1 });
    expect(days.reduce((sum, day) => sum + day.tokens, 0)).toBe(475);
  });

  it("starts a new day at midnight Beijing time, so a call at 00:30 there is today's", async () => {
    const nightOwl = randomUUID();
    await use(nightOwl, "u-chat", 60, "2026-04-30T16:30:00Z"); // 2026-05-01 00:30 in Beijing
    const before = await getTokensByDay(handle.db, nightOwl, { days: 2, now });
    expect(before).toEqual([
      { date: "2026-04-29", tokens: 0, calls: 0 },
      { date: "2026-04-30", tokens: 0, calls: 0 },
    ]);
    const after = await getTokensByDay(handle.db, nightOwl, { days: 2, now: new Date("2026-04-30T17:00:00Z") });
    expect(after).toEqual([
      { date: "2026-04-30", tokens: 0, calls: 0 },
      { date: "2026-05-01", tokens: 60, calls: 1 },
    ]);
  });

  it("groups by app with the registry's names, most tokens first, scoped to the user", async () => {
    expect(await getUsageByApp(handle.db, me, { since: startOfMonth(now) })).toEqual([
      { appid: "u-flow", appName: "周报工作流", kind: "workflow", tokens: 300, calls: 1, lastUsedAt: "2026-04-15T12:00:00.000Z" },
      { appid: "u-chat", appName: "对话助手", kind: "chat", tokens: 175, calls: 3, lastUsedAt: "2026-04-30T14:00:00.000Z" },
    ]);
    // All time includes the app that is no longer registered, named by its id.
    expect((await getUsageByApp(handle.db, me)).map((app) => app.appName)).toEqual(["周报工作流", "对话助手", "gone-app"]);
    expect(await getUsageByApp(handle.db, someoneElse)).toMatchObject([{ appid: "u-chat", tokens: 9999 }]);
  });

  it("lists the latest calls newest first", async () => {
    const calls = await getLatestCalls(handle.db, me, { limit: 2 });
    expect(calls).toMatchObject([
      { appid: "u-chat", appName: "对话助手", totalTokens: 25, promptTokens: 10, completionTokens: 15, latencyMs: 120, createdAt: "2026-04-30T14:00:00.000Z" },
      { appid: "u-flow", kind: "workflow", totalTokens: 300 },
    ]);
    expect(await getLatestCalls(handle.db, randomUUID())).toEqual([]);
    expect(await getTokensByDay(handle.db, randomUUID(), { days: 7, now })).toEqual(
      ["04-24", "04-25", "04-26", "04-27", "04-28", "04-29", "04-30"].map((day) => ({ date: `2026-${day}`, tokens: 0, calls: 0 })),
    );
  });

  it("names the API key of a call made through the developer API, only when the key is the caller's own", async () => {
    const user = randomUUID();
    const [mine] = await handle.db.insert(apiKeys).values({ userId: user, name: "周报脚本", prefix: "sk-aaaa…bbbb", secretHash: randomUUID() }).returning();
    const [theirs] = await handle.db.insert(apiKeys).values({ userId: randomUUID(), name: "别人的密钥", prefix: "sk-cccc…dddd", secretHash: randomUUID() }).returning();
    const call = (apiKeyId: string | null, createdAt: string) =>
      handle.db.insert(aiUsageEvents).values({ appid: "u-chat", userId: user, kind: "chat", messageId: randomUUID(), totalTokens: 5, apiKeyId, createdAt: new Date(createdAt) });
    await call(mine!.id, "2026-04-03T00:00:00Z");
    await call(theirs!.id, "2026-04-02T00:00:00Z"); // a forged row: the other user's key name never shows
    await call(null, "2026-04-01T00:00:00Z");
    expect((await getLatestCalls(handle.db, user)).map((row) => row.apiKeyName)).toEqual(["周报脚本", "", null]);
  });

  it("sums model apps' usage per app and model, for one user only, counting estimated calls", async () => {
    const user = randomUUID();
    const row = (model: string, total: number, estimated = false) =>
      handle.db.insert(aiUsageEvents).values({ appid: "u-chat", userId: user, kind: "chat", messageId: randomUUID(), promptTokens: 4, completionTokens: 6, totalTokens: total, model, estimated });
    await row("fast", 10);
    await row("slow", 20);
    await row("slow", 20, true);
    await handle.db.insert(aiUsageEvents).values({ appid: "u-chat", userId: randomUUID(), kind: "chat", messageId: randomUUID(), totalTokens: 99, model: "fast" });
    // The app names one of its models (issue 38: the user reads 「慢速模型」, the id stays for hover).
    await handle.db.update(aiApps).set({ modelSettings: { models: [{ id: "slow", name: "慢速模型", weight: 2 }, { id: "fast", weight: 1 }] } }).where(eq(aiApps.appid, "u-chat"));
    expect(await getUsageByModel(handle.db, user)).toEqual([
      { appid: "u-chat", appName: "对话助手", model: "slow", modelName: "慢速模型", tokens: 40, promptTokens: 8, completionTokens: 12, calls: 2, estimatedCalls: 1 },
      { appid: "u-chat", appName: "对话助手", model: "fast", modelName: null, tokens: 10, promptTokens: 4, completionTokens: 6, calls: 1, estimatedCalls: 0 },
    ]);
    expect((await getLatestCalls(handle.db, user, { limit: 1 }))[0]).toMatchObject({ model: "slow", modelName: "慢速模型" });
    await handle.db.update(aiApps).set({ modelSettings: null }).where(eq(aiApps.appid, "u-chat"));
    expect(await getUsageByModel(handle.db, me)).toEqual([]); // Dify usage has no model
  });
});
