// First: sets up what next start does before anything else (see next-request-scope.ts).
import "@/features/auth/server/next-request-scope";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../test/embedded-app-env";

// Issue 33 part 7 (logs kept): AI-call and sign-in records older than the retention period are
// purged and recent ones kept; the operator exports one user's records of a period as CSV.
const dataDir = stubEmbeddedAppEnv("log-retention", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60" });

const db = await import("@/lib/db");
const { closeDatabase, getDatabase } = db;
const { eq, sql } = await import("drizzle-orm");
const { purgeExpiredLogs } = await import("./server/purge");
const { startAdminTestKit } = await import("../../app/api/admin/[...path]/admin-test-kit");
const { newUser, newAdmin, api } = await startAdminTestKit();

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const DAY = 86_400_000;

async function seed(userId: string, at: Date, label: string) {
  const database = await getDatabase();
  await database.insert(db.aiUsageEvents).values({ userId, appid: `app-${label}`, kind: "chat", totalTokens: 7, messageId: `m-${randomUUID()}`, createdAt: at });
  await database.insert(db.authAuditLog).values({ id: randomUUID(), payload: { actor_id: userId, action: `action-${label}` }, ipAddress: "203.0.113.1", createdAt: at });
}

const countOf = async (userId: string) => {
  const database = await getDatabase();
  const calls = await database.select().from(db.aiUsageEvents).where(eq(db.aiUsageEvents.userId, userId));
  const signIns = await database.select().from(db.authAuditLog).where(sql`${db.authAuditLog.payload}->>'actor_id' = ${userId}`);
  return { calls: calls.map((row) => row.appid).sort(), signIns: signIns.map((row) => row.payload.action).sort() };
};

describe("log retention", () => {
  it("purges AI-call and sign-in records older than the period and keeps recent ones", async () => {
    const userId = randomUUID();
    const now = new Date();
    await seed(userId, new Date(now.getTime() - 200 * DAY), "old");
    await seed(userId, new Date(now.getTime() - 170 * DAY), "recent");
    const purged = await purgeExpiredLogs(await getDatabase(), 180, now);
    expect(purged.aiCalls).toBeGreaterThanOrEqual(1);
    expect(purged.signIns).toBeGreaterThanOrEqual(1);
    expect(await countOf(userId)).toEqual({ calls: ["app-recent"], signIns: ["action-recent"] });
  });

  it("exports one user's records of a period as CSV for the operator, and nobody else's", async () => {
    const person = await newUser();
    const other = randomUUID();
    await seed(person.id, new Date("2026-03-10T04:00:00Z"), "march");
    await seed(person.id, new Date("2026-05-10T04:00:00Z"), "may");
    await seed(other, new Date("2026-03-11T04:00:00Z"), "other");
    const admin = await newAdmin();
    const { headersFor } = await startAdminTestKit();
    const { callRouteHandler } = await import("@/features/auth/server/next-request-scope");
    const adminRoute = await import("../../app/api/admin/[...path]/route");
    const { NextRequest } = await import("next/server");
    const url = `http://localhost:3000/api/admin/users/${person.id}/records.csv?from=2026-03-01&to=2026-03-31`;
    const response = await callRouteHandler(
      (request) => adminRoute.GET(request, { params: Promise.resolve({ path: ["users", person.id, "records.csv"] }) }),
      new NextRequest(url, { headers: await headersFor(url, admin.cookie) }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("time,type,action,app,model,prompt_tokens,completion_tokens,total_tokens,api_key_id,ip");
    expect(lines.slice(1).map((line) => line.split(",").slice(1, 3).join(","))).toEqual(["ai_call,chat", "sign_in,action-march"]);
    expect(lines.join("\n")).not.toMatch(/may|other/);
    expect(await api(admin.cookie, "GET", `users/${person.id}/records.csv?from=2026-04-01&to=2026-03-01`)).toMatchObject({ status: 400 });
  });
});
