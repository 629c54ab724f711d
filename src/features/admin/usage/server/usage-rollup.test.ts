import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageTracker } from "@/features/ai-apps/server/proxy/usage-tracker";
import { recordUsage, UsageBatcher } from "@/features/metering/server";
import { aiUsageDaily, aiUsageEvents, aiUsageMonthlyUser, openDatabase, subscriptions, type Database, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../../test/database-targets";
import { getUsageCsvRows, getUsageReport, parseReportMonth, type ReportMonth } from "./usage-report";

const ZONE = "'Asia/Shanghai'";

/** The report as the raw rows say it: what the rollups must always equal. */
async function rawFigures(db: Database, month: ReportMonth) {
  const label = `${month.year}-${String(month.month).padStart(2, "0")}`;
  const inMonth = sql.raw(`to_char(created_at at time zone ${ZONE}, 'YYYY-MM') = '${label}'`);
  const days = await db.execute<{ day: string; tokens: string; calls: string }>(
    sql`select to_char(created_at at time zone ${sql.raw(ZONE)}, 'YYYY-MM-DD') as day, sum(total_tokens) as tokens, count(*) as calls
        from ai_usage_events where ${inMonth} group by 1 order by 1`,
  );
  const apps = await db.execute<{ appid: string; model: string | null; tokens: string; calls: string }>(
    sql`select appid, model, sum(total_tokens) as tokens, count(*) as calls from ai_usage_events where ${inMonth} group by 1, 2 order by 1, 2`,
  );
  const users = await db.execute<{ user_id: string; tokens: string; calls: string }>(
    sql`select user_id, sum(total_tokens) as tokens, count(*) as calls from ai_usage_events where ${inMonth} group by 1 order by 2 desc, 1`,
  );
  const cells = await db.execute<{ day: string; appid: string; model: string | null; tokens: string; calls: string }>(
    sql`select to_char(created_at at time zone ${sql.raw(ZONE)}, 'YYYY-MM-DD') as day, appid, model, sum(total_tokens) as tokens, count(*) as calls
        from ai_usage_events where ${inMonth} group by 1, 2, 3 order by 1, 2, 3`,
  );
  const n = (value: string) => Number(value);
  return {
    days: days.rows.map((row) => ({ date: row.day, tokens: n(row.tokens), calls: n(row.calls) })),
    apps: apps.rows.map((row) => ({ appid: row.appid, model: row.model, tokens: n(row.tokens), calls: n(row.calls) })),
    users: users.rows.map((row) => ({ userId: row.user_id, tokens: n(row.tokens), calls: n(row.calls) })),
    cells: cells.rows.map((row) => ({ day: row.day, appid: row.appid, model: row.model, tokens: n(row.tokens), calls: n(row.calls) })),
  };
}

/** Asserts that every figure of the report (and the CSV) equals the raw rows' sums. */
async function expectReportMatchesRows(db: Database, month: ReportMonth) {
  const raw = await rawFigures(db, month);
  const report = await getUsageReport(db, month, { topUsers: 10_000 });
  expect(report.days.filter((day) => day.calls > 0)).toEqual(raw.days);
  expect(report.totalTokens).toBe(raw.days.reduce((sum, day) => sum + day.tokens, 0));
  expect(report.totalCalls).toBe(raw.days.reduce((sum, day) => sum + day.calls, 0));
  const byKey = (rows: { appid: string; model: string | null }[]) => [...rows].sort((a, b) => `${a.appid}/${a.model}`.localeCompare(`${b.appid}/${b.model}`));
  expect(byKey(report.byAppModel.map(({ appid, model, tokens, calls }) => ({ appid, model, tokens, calls })))).toEqual(byKey(raw.apps));
  expect(report.topUsers.map(({ userId, tokens, calls }) => ({ userId, tokens, calls }))).toEqual(raw.users);
  expect(report.byPlan.reduce((sum, plan) => sum + plan.users, 0)).toBe(raw.users.length);
  expect(report.byPlan.reduce((sum, plan) => sum + plan.tokens, 0)).toBe(report.totalTokens);
  const csv = await getUsageCsvRows(db, month);
  expect(byKey(csv.map(({ day, appid, model, tokens, calls }) => ({ day, appid, model, tokens, calls })))).toEqual(byKey(raw.cells));
  return report;
}

function answered(tokens: number, model: string | null = null) {
  const tracker = new UsageTracker();
  tracker.observeBlocking({ message_id: randomUUID(), metadata: { usage: { prompt_tokens: 1, completion_tokens: tokens - 1, total_tokens: tokens, ...(model ? { model } : {}) } } });
  return tracker;
}

// Issue 18: the report reads rollups; they must stay exactly the raw rows' sums whoever writes.
describe.each(testTargetKinds())("usage rollups on %s", (kind) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  const users = Array.from({ length: 6 }, () => randomUUID());
  const thisMonth = parseReportMonth(null);

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    handle = await openDatabase(testDb.target);
    await handle.db.insert(subscriptions).values({ userId: users[0]!, planId: "pro", provider: "local", currentPeriodStart: new Date("2026-01-01T00:00:00Z"), currentPeriodEnd: new Date("2099-01-01T00:00:00Z") });
  });
  afterAll(async () => {
    await handle.close();
    await testDb.dispose();
  });

  it("counts what the proxy records, concurrent answers and the write-behind batches included", async () => {
    const db = handle.db;
    const once = answered(40, "gpt-x");
    const record = { appid: "m-app", userId: users[1]!, kind: "chat" as const, latencyMs: 10 };
    await expect(recordUsage(db, once, record)).resolves.toBe(true);
    // A repeated report of the same message inserts nothing, and so adds nothing.
    await expect(recordUsage(db, once, record)).resolves.toBe(false);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        recordUsage(db, answered(10 + i, i % 3 === 0 ? null : `model-${i % 2}`), { appid: i % 2 ? "r-chat" : "m-app", userId: users[i % users.length]!, kind: "chat", latencyMs: 5 }),
      ),
    );
    const batcher = new UsageBatcher(async () => db, 5, 7);
    const duplicate = answered(99, "gpt-x");
    const rows = Array.from({ length: 30 }, (_, i) => ({ appid: "r-chat", userId: users[i % 4]!, kind: "chat" as const, messageId: i === 29 ? duplicate.messageId! : randomUUID(), totalTokens: 3 + i, model: i % 2 ? "gpt-x" : null, latencyMs: 1 }));
    await Promise.all([...rows.map((row) => batcher.add(row)), batcher.add({ ...rows[29]!, totalTokens: 1_000 })]);
    const report = await expectReportMatchesRows(db, thisMonth);
    expect(report.totalCalls).toBe(1 + 60 + 30);
  });

  it("puts rows in their China-time day and month, whoever inserts them", async () => {
    const db = handle.db;
    const at = (createdAt: string, totalTokens: number, userId = users[2]!) =>
      db.insert(aiUsageEvents).values({ appid: "r-chat", userId, kind: "chat", messageId: randomUUID(), totalTokens, createdAt: new Date(createdAt) });
    await at("2026-03-31T16:00:00Z", 100); // April 1st in Beijing
    await at("2026-04-30T15:59:59Z", 30); // April 30th
    await at("2026-04-30T16:00:00Z", 9); // May
    await at("2026-03-31T15:59:59Z", 7); // March
    const april = await expectReportMatchesRows(db, { year: 2026, month: 4 });
    expect([april.days[0]?.tokens, april.days[29]?.tokens, april.totalTokens]).toEqual([100, 30, 130]);
    expect((await expectReportMatchesRows(db, { year: 2026, month: 5 })).totalTokens).toBe(9);
    expect((await expectReportMatchesRows(db, { year: 2026, month: 3 })).totalTokens).toBe(7);
  });

  it("follows updates and deletions, and drops groups left empty", async () => {
    const db = handle.db;
    await db.update(aiUsageEvents).set({ totalTokens: 1 }).where(eq(aiUsageEvents.userId, users[3]!));
    await expectReportMatchesRows(db, thisMonth);
    await db.delete(aiUsageEvents).where(eq(aiUsageEvents.userId, users[1]!));
    const report = await expectReportMatchesRows(db, thisMonth);
    expect(report.topUsers.some((user) => user.userId === users[1])).toBe(false);
    expect(await db.select().from(aiUsageMonthlyUser).where(eq(aiUsageMonthlyUser.userId, users[1]!))).toEqual([]);
    await db.delete(aiUsageEvents).where(eq(aiUsageEvents.appid, "m-app"));
    expect(await db.select().from(aiUsageDaily).where(eq(aiUsageDaily.appid, "m-app"))).toEqual([]);
    await expectReportMatchesRows(db, thisMonth);
  });
});

// Migration 0024 backfills the rollups from the rows already there.
describe.each(testTargetKinds())("usage rollup backfill on %s", (kind) => {
  it("fills the rollups from existing ai_usage_events rows", async () => {
    const testDb = await createTestDatabase(kind);
    const folder = mkdtempSync(path.join(tmpdir(), "rollup-migrations-"));
    try {
      cpSync(path.join(process.cwd(), "drizzle"), folder, { recursive: true });
      const journalPath = path.join(folder, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
      const upTo = journal.entries.findIndex((entry) => entry.tag.endsWith("_usage_rollups"));
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
      const before = await openDatabase(testDb.target, { migrationsFolder: folder });
      const userId = randomUUID();
      // Only the columns the table had then (Drizzle's insert would name every column of today's schema).
      await before.db.execute(sql`
        insert into ai_usage_events (appid, user_id, kind, message_id, total_tokens, model, created_at) values
          ('r-chat', ${userId}, 'chat', ${randomUUID()}, 11, null, '2026-04-01T00:00:00Z'),
          ('r-chat', ${userId}, 'chat', ${randomUUID()}, 22, 'gpt-x', '2026-04-01T01:00:00Z'),
          ('m-app', ${randomUUID()}, 'chat', ${randomUUID()}, 33, null, '2026-04-20T00:00:00Z')`);
      if (kind === "postgres") await before.close();
      const after = kind === "postgres" ? await openDatabase(testDb.target) : before;
      if (kind === "pglite") await (await import("@/lib/db/migrate")).migrateDatabase(after);
      try {
        const report = await expectReportMatchesRows(after.db, { year: 2026, month: 4 });
        expect([report.totalTokens, report.totalCalls, report.topUsers[0]?.tokens]).toEqual([66, 3, 33]);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await testDb.dispose();
    }
  });
});
