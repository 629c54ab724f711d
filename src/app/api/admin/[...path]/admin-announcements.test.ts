// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// Issue 38 item 4: 站内公告 — operators post (text, link, start / end, audience) through the console's
// API; a user's dashboard shows the newest running one for them until they dismiss it, per user.
const dataDir = stubEmbeddedAppEnv("admin-announcements", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60" });

const { adminAuditLog, closeDatabase, getDatabase, subscriptions } = await import("@/lib/db");
const { currentAnnouncement } = await import("@/features/announcements/server");
const dismissRoute = await import("@/app/api/announcements/[id]/dismiss/route");
const { eq } = await import("drizzle-orm");
const { startAdminTestKit } = await import("./admin-test-kit");
const { newUser, newAdmin, signIn, cookieHeader, headersFor, api } = await startAdminTestKit();

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function dismiss(cookie: string, id: string, body: unknown = {}): Promise<number> {
  const url = `http://localhost:3000/api/announcements/${id}/dismiss`;
  const request = new NextRequest(url, { method: "POST", headers: { ...(await headersFor(url, cookie)), "content-type": "application/json" }, body: JSON.stringify(body) });
  const response = await callRouteHandler((routed) => dismissRoute.POST(routed, { params: Promise.resolve({ id }) }), request);
  return response.status;
}

describe("站内公告", () => {
  it("posts, shows the newest running one to its audience, and stops showing it to a user who dismissed it", async () => {
    const admin = await newAdmin();
    const alice = await newUser();
    const bob = await newUser();
    const db = await getDatabase();
    await db.insert(subscriptions).values({ userId: bob.id, planId: "pro", provider: "local", currentPeriodStart: new Date(Date.now() - 86_400_000), currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });

    for (const body of [
      { text: "" },
      { text: "x".repeat(301) },
      { text: "链接", link: "javascript:alert(1)" },
      { text: "链接", link: "//evil.example.com" },
      { text: "时间", startsAt: "2026-12-02T00:00:00+08:00", endsAt: "2026-12-01T00:00:00+08:00" },
      { text: "多余", extra: true },
      { text: "套餐", audiencePlanId: "no-such-plan" },
    ]) {
      expect((await api(admin.cookie, "POST", "announcements", body)).status, JSON.stringify(body)).toBe(400);
    }

    const everyone = await api(admin.cookie, "POST", "announcements", { text: "系统将于周六凌晨维护", link: "/docs" });
    expect(everyone.status).toBe(201);
    const everyoneId = (everyone.body as { announcement: { id: string } }).announcement.id;
    const proOnly = await api(admin.cookie, "POST", "announcements", { text: "专业版新增了推理模型", audiencePlanId: "pro" });
    const proId = (proOnly.body as { announcement: { id: string } }).announcement.id;
    await api(admin.cookie, "POST", "announcements", { text: "以后才开始", startsAt: new Date(Date.now() + 86_400_000).toISOString() });
    await api(admin.cookie, "POST", "announcements", { text: "已经结束", startsAt: "2026-01-01T00:00:00+08:00", endsAt: "2026-01-02T00:00:00+08:00" });

    // Alice (免费版) sees the one for everyone; Bob (专业版) the newest, his plan's.
    expect(await currentAnnouncement(db, alice.id, "free")).toEqual({ id: everyoneId, text: "系统将于周六凌晨维护", link: "/docs" });
    expect(await currentAnnouncement(db, bob.id, "pro")).toMatchObject({ id: proId });

    // Dismissed (through the route, as the dashboard does) — per user, and then the next one shows.
    const bobCookie = await cookieHeader((await signIn(bob.email)).session);
    expect(await dismiss(bobCookie, proId, { extra: 1 })).toBe(400);
    expect(await dismiss(bobCookie, "not-a-uuid")).toBe(404);
    expect(await dismiss(bobCookie, proId)).toBe(204);
    expect(await dismiss(bobCookie, proId)).toBe(204);
    expect(await currentAnnouncement(db, bob.id, "pro")).toMatchObject({ id: everyoneId });
    expect(await dismiss(bobCookie, everyoneId)).toBe(204);
    expect(await currentAnnouncement(db, bob.id, "pro")).toBeNull();
    expect(await currentAnnouncement(db, alice.id, "free")).toMatchObject({ id: everyoneId });

    // Listed for the console, deleted (audited), gone for Alice.
    const listed = (await api(admin.cookie, "GET", "announcements")).body as { announcements: { id: string }[] };
    expect(listed.announcements).toHaveLength(4);
    expect((await api(admin.cookie, "DELETE", `announcements/${everyoneId}`)).status).toBe(200);
    expect((await api(admin.cookie, "DELETE", `announcements/${everyoneId}`)).status).toBe(404);
    expect(await currentAnnouncement(db, alice.id, "free")).toBeNull();
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["announcement.create", "announcement.create", "announcement.create", "announcement.create", "announcement.delete"]);
  });

  it("hides the console's announcement API from an ordinary user", async () => {
    const user = await newUser();
    const cookie = await cookieHeader((await signIn(user.email)).session);
    expect(await api(cookie, "POST", "announcements", { text: "冒充" })).toMatchObject({ status: 404 });
    expect(await api(cookie, "GET", "announcements")).toMatchObject({ status: 404 });
  });
});
