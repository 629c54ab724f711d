import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiApps, aiUsageEvents, openDatabase, subscriptions, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../../test/database-targets";
import { csvField, usageCsvResponse } from "./usage-csv";
import { getUsageReport, parseReportMonth } from "./usage-report";

// Issue 18 用量: everyone's usage of one month (China time), aggregated in SQL.
describe.each(testTargetKinds())("usage report on %s", (kind) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  const alice = randomUUID();
  const bob = randomUUID();
  const carol = randomUUID();

  const use = (userId: string, appid: string, totalTokens: number, createdAt: string, model: string | null = null) =>
    handle.db.insert(aiUsageEvents).values({ appid, userId, kind: "chat", messageId: randomUUID(), totalTokens, model, createdAt: new Date(createdAt) });

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    handle = await openDatabase(testDb.target);
    await handle.db.insert(aiApps).values([
      { appid: "r-chat", kind: "chat", name: "对话助手", upstreamBaseUrl: "embedded:dify", upstreamSecretKey: "k1" },
      // A model app names its models (issue 38: the report shows 「极速模型」, not gpt-x).
      { appid: "m-app", kind: "chat", name: "模型助手", upstreamBaseUrl: "embedded:model-provider", upstreamSecretKey: "", modelSettings: { models: [{ id: "gpt-x", name: "极速模型", weight: 1 }] } },
    ]);
    await handle.db.insert(subscriptions).values({ userId: bob, planId: "pro", provider: "local", currentPeriodStart: new Date("2026-04-01T00:00:00Z"), currentPeriodEnd: new Date("2099-01-01T00:00:00Z") });
    await handle.db.insert(subscriptions).values({ userId: carol, planId: "team", status: "canceled", provider: "local", currentPeriodStart: new Date("2026-01-01T00:00:00Z"), currentPeriodEnd: new Date("2026-02-01T00:00:00Z") });
    // April in Beijing runs from 03-31T16:00Z to 04-30T16:00Z.
    await use(alice, "r-chat", 100, "2026-03-31T16:00:00Z"); // April 1st, first instant
    await use(alice, "r-chat", 50, "2026-04-01T15:59:59Z"); // still April 1st
    await use(bob, "r-chat", 1_000, "2026-04-15T12:00:00Z");
    await use(bob, "m-app", 400, "2026-04-15T13:00:00Z", "gpt-x");
    await use(carol, "m-app", 30, "2026-04-30T15:59:59Z", "gpt-x"); // April 30th, last second
    await use(alice, "r-chat", 7, "2026-03-31T15:59:59Z"); // March
    await use(alice, "r-chat", 9, "2026-04-30T16:00:00Z"); // May
  });
  afterAll(async () => {
    await handle.close();
    await testDb.dispose();
  });

  it("parses ?month= and falls back to the current month (China time)", () => {
    expect(parseReportMonth("2026-04")).toEqual({ year: 2026, month: 4 });
    expect(parseReportMonth("2026-13", new Date("2026-05-31T16:00:00Z"))).toEqual({ year: 2026, month: 6 });
    expect(parseReportMonth("'; drop table x", new Date("2026-05-01T00:00:00Z"))).toEqual({ year: 2026, month: 5 });
  });

  it("sums per day, per app and model, per plan and per user for the month only", async () => {
    const report = await getUsageReport(handle.db, { year: 2026, month: 4 });
    expect(report.month).toBe("2026-04");
    expect(report.totalTokens).toBe(1_580);
    expect(report.totalCalls).toBe(5);
    expect(report.days).toHaveLength(30);
    expect(report.days[0]).toEqual({ date: "2026-04-01", tokens: 150, calls: 2 });
    expect(report.days[14]).toEqual({ date: "2026-04-15", tokens: 1_400, calls: 2 });
    expect(report.days[29]).toEqual({ date: "2026-04-30", tokens: 30, calls: 1 });
    expect(report.byAppModel).toEqual([
      { appid: "r-chat", appName: "对话助手", model: null, modelName: null, tokens: 1_150, calls: 3 },
      { appid: "m-app", appName: "模型助手", model: "gpt-x", modelName: "极速模型", tokens: 430, calls: 2 },
    ]);
    expect(report.byPlan).toEqual([
      { planId: "pro", planName: "专业版", tokens: 1_400, calls: 2, users: 1 },
      { planId: "free", planName: "免费版", tokens: 180, calls: 3, users: 2 },
    ]);
    expect(report.topUsers.map((user) => [user.userId, user.tokens, user.calls])).toEqual([
      [bob, 1_400, 2],
      [alice, 150, 2],
      [carol, 30, 1],
    ]);
    expect((await getUsageReport(handle.db, { year: 2026, month: 4 }, { topUsers: 1 })).topUsers).toHaveLength(1);
  });

  it("exports day × app × model rows as CSV with a BOM and Chinese headers", async () => {
    const response = await usageCsvResponse(handle.db, { year: 2026, month: 4 });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="usage-2026-04.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.slice(1).split("\r\n")).toEqual([
      "日期,应用 ID,应用,模型,Token,调用次数",
      "2026-04-01,r-chat,对话助手,,150,2",
      "2026-04-15,m-app,模型助手,gpt-x,400,1",
      "2026-04-15,r-chat,对话助手,,1000,1",
      "2026-04-30,m-app,模型助手,gpt-x,30,1",
      "",
    ]);
  });

  it("quotes fields and defuses formulas", () => {
    expect(csvField('说"你好", 世界')).toBe('"说""你好"", 世界"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(-5)).toBe("-5");
    expect(csvField(null)).toBe("");
  });
});
