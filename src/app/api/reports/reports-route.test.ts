// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../test/embedded-app-env";

// Issue 33 part 5 (投诉举报): a signed-out visitor reports a share page, the report lands in the
// console's queue, the operator hides the share and replies (mail to the reporter); reports are
// rate-limited per visitor.
const SITE = "http://localhost:3000";
const dataDir = stubEmbeddedAppEnv("reports-route", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60", AUTH_MIN_MAIL_INTERVAL: "0", DEV_OUTBOX: "on" });

const db = await import("@/lib/db");
const { closeDatabase, getDatabase } = db;
const { eq } = await import("drizzle-orm");
const reportsRoute = await import("./route");
const { REPORTS_PER_HOUR } = await import("@/features/reports/server");
const { startAdminTestKit } = await import("../admin/[...path]/admin-test-kit");
const { newUser, newAdmin, signIn, cookieHeader, headersFor, api } = await startAdminTestKit();

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function report(body: unknown, { ip = "203.0.113.7", cookie }: { ip?: string; cookie?: string } = {}) {
  const url = `${SITE}/api/reports`;
  const headers = { ...(await headersFor(url, cookie)), "content-type": "application/json", "x-forwarded-for": ip };
  const response = await callRouteHandler(reportsRoute.POST, new NextRequest(url, { method: "POST", headers, body: JSON.stringify(body) }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function shareOf(userId: string) {
  const token = `tok-${crypto.randomUUID()}`;
  await (await getDatabase()).insert(db.conversationShares).values({ token, userId, appid: "demo-chat", conversationId: crypto.randomUUID(), appName: "演示", title: "分享的对话", snapshot: [{ query: "问", answer: "答", created_at: null }] });
  return token;
}

describe("POST /api/reports", () => {
  it("takes a signed-out visitor's report of a share page into the queue; the operator hides the share and replies by mail", async () => {
    const owner = await newUser();
    const token = await shareOf(owner.id);
    const created = await report({ target: "share", targetRef: token, reason: "fraud", note: "冒充客服", email: "reporter@example.com" });
    expect(created.status).toBe(201);

    const admin = await newAdmin();
    const queue = await api(admin.cookie, "GET", "reports?status=open");
    expect(queue.status).toBe(200);
    const rows = (queue.body as { rows: { id: string; targetRef: string; reason: string; note: string; subjectUserId: string; reporterId: string | null }[] }).rows;
    expect(rows).toEqual([expect.objectContaining({ id: created.body.id, targetRef: token, reason: "fraud", note: "冒充客服", subjectUserId: owner.id, reporterId: null })]);

    expect(await api(admin.cookie, "POST", `reports/${String(created.body.id)}/hide-share`, {})).toMatchObject({ status: 200, body: { hidden: true } });
    const [share] = await (await getDatabase()).select().from(db.conversationShares).where(eq(db.conversationShares.token, token));
    expect(share!.revokedAt).not.toBeNull();

    expect(await api(admin.cookie, "POST", `reports/${String(created.body.id)}/close`, { reply: "已下架该分享" })).toMatchObject({ status: 200, body: { mailed: true } });
    const mails = await (await getDatabase()).select().from(db.outboxMessages).where(eq(db.outboxMessages.recipient, "reporter@example.com"));
    expect(mails).toEqual([expect.objectContaining({ subject: "您的举报已处理", kind: "report_reply" })]);
    expect(mails[0]!.text).toContain("已下架该分享");
    expect(((await api(admin.cookie, "GET", "reports?status=open")).body as { rows: unknown[] }).rows).toEqual([]);
  });

  it("takes a signed-in user's report of an answer, with their address for the reply", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    const created = await report({ target: "answer", targetRef: "message:abc", reason: "illegal", excerpt: "回答内容" }, { cookie: await cookieHeader(session), ip: "203.0.113.50" });
    expect(created.status).toBe(201);
    const [row] = await (await getDatabase()).select().from(db.contentReports).where(eq(db.contentReports.id, String(created.body.id)));
    expect(row).toMatchObject({ reporterId: user.id, reporterEmail: user.email, subjectUserId: null, excerpt: "回答内容" });
  });

  it("refuses bad input, an unknown share and a signed-out report of an answer with a clear error", async () => {
    expect(await report({ target: "share", targetRef: "x", reason: "nope" }, { ip: "203.0.113.8" })).toEqual({ status: 400, body: { statusCode: 400, message: "请选择举报原因" } });
    expect(await report({ target: "share", targetRef: "no-such-token", reason: "other" }, { ip: "203.0.113.8" })).toMatchObject({ status: 404 });
    expect(await report({ target: "answer", targetRef: "message:1", reason: "other" }, { ip: "203.0.113.8" })).toMatchObject({ status: 401 });
  });

  it("limits reports per visitor (by address when signed out)", async () => {
    const owner = await newUser();
    const token = await shareOf(owner.id);
    for (let index = 0; index < REPORTS_PER_HOUR; index += 1) expect((await report({ target: "share", targetRef: token, reason: "other" }, { ip: "198.51.100.9" })).status).toBe(201);
    expect(await report({ target: "share", targetRef: token, reason: "other" }, { ip: "198.51.100.9" })).toEqual({ status: 429, body: { statusCode: 429, message: "举报太频繁，请稍后再试" } });
    // Another visitor is not held back by the first one's reports.
    expect((await report({ target: "share", targetRef: token, reason: "other" }, { ip: "198.51.100.10" })).status).toBe(201);
  });
});
