import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiUsageEvents, authUsers, contentReports, invoiceRequests, modelConversations, modelMessages, openDatabase, payments, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../../test/database-targets";
import { getAdminOverview } from "./overview";

// Issue 38: /admin's 概览 — today and this month in China time, from the app's own tables.
describe.each(testTargetKinds())("admin overview on %s", (kind) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  // 2026-04-15 12:00 in Beijing; the day began at 04-14T16:00Z, the month at 03-31T16:00Z.
  const now = new Date("2026-04-15T04:00:00Z");
  const alice = randomUUID();
  const bob = randomUUID();

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    handle = await openDatabase(testDb.target);
    const { db } = handle;
    const user = (id: string, email: string, createdAt: string) => db.insert(authUsers).values({ id, email, aud: "authenticated", role: "authenticated", createdAt: new Date(createdAt) });
    await user(alice, "alice@example.com", "2026-04-14T16:00:00Z"); // today, first instant
    await user(bob, "bob@example.com", "2026-04-02T00:00:00Z"); // this month
    await user(randomUUID(), "old@example.com", "2026-03-31T15:59:59Z"); // March in Beijing
    const call = (userId: string, totalTokens: number, createdAt: string) =>
      db.insert(aiUsageEvents).values({ appid: "demo-chat", userId, kind: "chat", messageId: randomUUID(), totalTokens, createdAt: new Date(createdAt) });
    await call(alice, 100, "2026-04-15T01:00:00Z");
    await call(bob, 40, "2026-04-10T01:00:00Z");
    await call(bob, 7, "2026-03-31T15:00:00Z"); // March
    const pay = (amount: number, reason: "checkout" | "refund", createdAt: string) =>
      db.insert(payments).values({ userId: bob, planId: "pro", interval: "month", amount, provider: "local", providerPaymentId: randomUUID(), reason, createdAt: new Date(createdAt) });
    await pay(4_900, "checkout", "2026-04-15T02:00:00Z");
    await pay(4_900, "checkout", "2026-04-03T02:00:00Z");
    await pay(-1_000, "refund", "2026-04-05T02:00:00Z");
    const [conversation] = await db.insert(modelConversations).values({ appid: "demo-model", userId: alice, name: "对话", model: "spark-swift" }).returning();
    await db.insert(modelMessages).values([
      { conversationId: conversation!.id, userId: alice, model: "spark-swift", query: "你好", status: "error", error: "模型服务暂时不可用", createdAt: new Date("2026-04-15T03:00:00Z") },
      { conversationId: conversation!.id, userId: alice, model: "spark-swift", query: "你好", status: "error", error: "模型服务暂时不可用", createdAt: new Date("2026-04-08T03:00:00Z") },
      { conversationId: conversation!.id, userId: alice, model: "spark-swift", query: "你好", status: "normal", createdAt: new Date("2026-04-15T03:00:00Z") },
    ]);
    await db.insert(invoiceRequests).values([
      { orderId: randomUUID(), userId: bob, titleType: "personal", title: "张三", email: "bob@example.com" },
      { orderId: randomUUID(), userId: bob, titleType: "personal", title: "张三", email: "bob@example.com", status: "issued" },
    ]);
    await db.insert(contentReports).values([
      { target: "share", targetRef: "abc", reason: "fraud" },
      { target: "share", targetRef: "def", reason: "other", status: "closed" },
    ]);
  });
  afterAll(async () => {
    await handle.close();
    await testDb.dispose();
  });

  it("counts today and this month (China time) and what waits", async () => {
    const overview = await getAdminOverview(handle.db, now);
    expect(overview.today).toEqual({ newUsers: 1, activeUsers: 1, calls: 1, tokens: 100, revenue: 4_900, refunds: 0, failedCalls: 1 });
    expect(overview.month).toEqual({ newUsers: 2, activeUsers: 2, calls: 2, tokens: 140, revenue: 9_800, refunds: 1_000, failedCalls: 2 });
    expect(overview.pendingInvoices).toBe(1);
    expect(overview.openReports).toBe(1);
  });
});
