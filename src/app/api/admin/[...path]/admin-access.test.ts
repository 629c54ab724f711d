// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { NextRequest } from "next/server";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// Issue 18 "Access": the console's API and pages, on the embedded auth service, for anonymous
// visitors, ordinary users, operators (by role and by ADMIN_EMAILS), a revoked operator once the
// role cache (300 ms here) has passed, an aal1 operator with MFA, and a stale session.
const SITE = "http://localhost:3000";
const LISTED = "listed-admin@example.com";
const dataDir = stubEmbeddedAppEnv("admin-access", {
  SESSION_CHECK_CACHE_MS: "300",
  ADMIN_EMAILS: `${LISTED}, Startup@example.com, unconfirmed@example.com`,
  AUTH_RATE_LIMIT_SIGN_IN: "1000/60",
  AUTH_RATE_LIMIT_MFA: "1000/60",
  AUTH_MIN_MAIL_INTERVAL: "0",
  DEV_OUTBOX: "on",
});

const adminRoute = await import("./route");
const unknownRoute = await import("../../[...unknown]/route");
const { createAdminApiHandler, grantListedAdmins } = await import("@/features/admin/server");
const { setAdminRole } = await import("@/features/admin/server/admin-role");
const { adminAuditLog, aiQuotaGrants, authAuditLog, checkoutOrders, closeDatabase, getDatabase, outboxMessages } = await import("@/lib/db");
const { proxy } = await import("@/proxy");
const { eq } = await import("drizzle-orm");
const layoutPage = await import("@/app/admin/(console)/layout");
const homePage = await import("@/app/admin/(console)/page");
const usersPage = await import("@/app/admin/(console)/users/page");
const userPage = await import("@/app/admin/(console)/users/[id]/page");
const auditPage = await import("@/app/admin/(console)/audit/page");
const quotaPage = await import("@/app/admin/(console)/quota/page");
const usagePage = await import("@/app/admin/(console)/usage/page");
const appsPage = await import("@/app/admin/(console)/apps/page");
const invoicesPage = await import("@/app/admin/(console)/invoices/page");
const plansPage = await import("@/app/admin/(console)/plans/page");
const newPlanPage = await import("@/app/admin/(console)/plans/new/page");
const planPage = await import("@/app/admin/(console)/plans/[id]/page");
const ordersPage = await import("@/app/admin/(console)/orders/page");
const orderPage = await import("@/app/admin/(console)/orders/[id]/page");
const { getSubscriptionSummary, quotaPeriod } = await import("@/features/billing/server");

const { PASSWORD, startAdminTestKit } = await import("./admin-test-kit");
const { service, newUser, signIn, proveMailbox, cookieHeader, headersFor, api } = await startAdminTestKit();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What each console page does for this visitor: "404" (notFound), "redirect", or "ok" (rendered). */
async function pages(cookie: string | undefined, userId: string): Promise<Record<string, string>> {
  const outcome = async (name: string, render: () => Promise<unknown>) => {
    const url = `${SITE}/admin/${name}`;
    let result = "ok";
    await callRouteHandler(async () => {
      try {
        await render();
      } catch (error) {
        const digest = String((error as { digest?: unknown }).digest ?? error);
        result = digest.includes(";404") ? "404" : digest.startsWith("NEXT_REDIRECT") ? "redirect" : `error: ${digest}`;
      }
      return new Response(null);
    }, new NextRequest(url, { headers: await headersFor(url, cookie) }));
    return [name, result] as const;
  };
  return Object.fromEntries([
    await outcome("layout", () => layoutPage.default({ children: null })),
    await outcome("home", () => homePage.default()),
    await outcome("users", () => usersPage.default({ searchParams: Promise.resolve({ q: "example" }) })),
    await outcome("user", () => userPage.default({ params: Promise.resolve({ id: userId }) })),
    await outcome("audit", () => auditPage.default({ searchParams: Promise.resolve({ user: userId }) })),
    await outcome("securityEvents", () => auditPage.default({ searchParams: Promise.resolve({ view: "security", user: userId, action: "login" }) })),
    await outcome("quota", () => quotaPage.default({ searchParams: Promise.resolve({ page: "2" }) })),
    await outcome("usage", () => usagePage.default({ searchParams: Promise.resolve({ month: "2026-11" }) })),
    await outcome("invoices", () => invoicesPage.default({ searchParams: Promise.resolve({ status: "all" }) })),
    await outcome("plans", () => plansPage.default()),
    await outcome("newPlan", () => newPlanPage.default()),
    await outcome("plan", () => planPage.default({ params: Promise.resolve({ id: "pro" }) })),
    await outcome("orders", () => ordersPage.default({ searchParams: Promise.resolve({ user: userId, status: "paid", provider: "local", from: "2026-01-01" }) })),
    await outcome("order", () => orderPage.default({ params: Promise.resolve({ id: targetOrderId }) })),
    await outcome("payments", () => ordersPage.default({ searchParams: Promise.resolve({ view: "payments", user: userId }) })),
    await outcome("apps", () => appsPage.default()),
    await outcome("title", async () => {
      const metadata = await usersPage.generateMetadata();
      if (metadata.title !== "用户 · 管理后台") throw new Error(`NEXT_HTTP_ERROR_FALLBACK;404 (${String(metadata.title)})`);
    }),
  ]);
}

const HIDDEN = { layout: "404", home: "404", users: "404", user: "404", audit: "404", securityEvents: "404", quota: "404", usage: "404", invoices: "404", plans: "404", newPlan: "404", plan: "404", orders: "404", order: "404", payments: "404", apps: "404", title: "404" };
const OPEN = { layout: "ok", home: "ok", users: "ok", user: "ok", audit: "ok", securityEvents: "ok", quota: "ok", usage: "ok", invoices: "ok", plans: "ok", newPlan: "ok", plan: "ok", orders: "ok", order: "ok", payments: "ok", apps: "ok", title: "ok" };
const NEW_APP = { type: "dify", kind: "chat", name: "无权添加", icon: "bot", baseUrl: "embedded:dify", apiKey: "app-demo-chat-0000000000000001" };

let unknownBody: unknown;
let target: { id: string; email: string };
/** A paid local order of the target's: the 订单 pages and routes are tried on it. */
let targetOrderId: string;

/** Every API route of the console, as a non-operator would try them: each must look like no route at all. */
async function expectApiHidden(cookie: string | undefined) {
  const attempts: [string, string, unknown?][] = [
    ["GET", "users"],
    ["GET", `users?q=${target.email}`],
    ["GET", "audit"],
    ["GET", `audit?user=${target.id}`],
    ["POST", `users/${target.id}/ban`, { length: "1d" }],
    ["POST", `users/${target.id}/unban`, {}],
    ["POST", `users/${target.id}/recovery-mail`, {}],
    ["DELETE", `users/${target.id}/factors/00000000-0000-4000-8000-000000000000`],
    ["GET", `audit/security-events?user=${target.id}&action=login`],
    ["POST", "users/invite", { email: "invited@example.com" }],
    ["POST", "users", { email: "made@example.com", password: "secret-password-1", confirmed: true }],
    ["POST", `users/${target.id}/magic-link`, {}],
    ["DELETE", `users/${target.id}`, { confirm: target.email }],
    ["POST", `users/${target.id}/quota-grants`, { tokens: 1_000, reason: "补偿" }],
    ["POST", `users/${target.id}/plan`, { planId: "pro" }],
    ["GET", "quota-grants?page=2"],
    ["GET", `users/${target.id}/sessions`],
    ["POST", `users/${target.id}/sign-out`, {}],
    ["GET", "usage"],
    ["GET", "usage?month=2026-11"],
    ["GET", "usage.csv?month=2026-11"],
    ["GET", "invoices"],
    ["GET", "invoices?status=all&page=2"],
    ["POST", "invoices/00000000-0000-4000-8000-000000000000/issue", { invoiceNumber: "24110000000000000001" }],
    ["GET", "plans"],
    ["POST", "plans", { id: "enterprise", name: "企业版" }],
    ["POST", "plans/pro", { name: "专业版", monthlyPriceFen: 1 }],
    ["DELETE", "plans/team"],
    ["GET", "orders"],
    ["GET", `orders?user=${target.email}&status=paid`],
    ["GET", "orders.csv"],
    ["GET", "orders.csv?view=payments"],
    ["GET", `payments?user=${target.id}`],
    ["GET", `orders/${targetOrderId}`],
    ["POST", `orders/${targetOrderId}/refund`, { amount: "49.00", reason: "退款", requestId: "00000000-0000-4000-8000-000000000001" }],
    ["GET", "apps"],
    ["POST", "apps", { appid: "intruder", app: NEW_APP }],
    ["POST", "apps/demo-chat", NEW_APP],
    ["POST", "apps/demo-chat/enabled", { enabled: false }],
    ["POST", "apps/order", { appids: ["demo-chat"] }],
    ["POST", "apps/connection-test", { appid: "demo-chat" }],
    ["PATCH", "users"],
    ["GET", "no-such-thing"],
  ];
  for (const [method, path, body] of attempts) {
    expect(await api(cookie, method, path, body), `${method} ${path}`).toEqual({ status: 404, body: unknownBody });
  }
}

beforeAll(async () => {
  const unknown = await callRouteHandler(unknownRoute.GET, new Request(`${SITE}/api/nothing-here`));
  expect(unknown.status).toBe(404);
  unknownBody = await unknown.json();
  expect(unknownBody).toEqual({ statusCode: 404, message: "接口不存在" });
  target = await newUser("target@example.com");
  const [order] = await (await getDatabase())
    .insert(checkoutOrders)
    .values({ userId: target.id, planId: "pro", interval: "month", amount: 4900, provider: "local", status: "paid", completedAt: new Date() })
    .returning();
  targetOrderId = order!.id;
}, 180_000); // the first call starts the embedded services (migrations, keys)
afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function makeAdmin(email?: string) {
  const user = await newUser(email);
  const { data } = await service.auth.admin.getUserById(user.id);
  await setAdminRole(service, data.user!, true);
  // Signed in after the grant, so the access token carries the role.
  const { client, session } = await signIn(user.email);
  return { ...user, client, session, cookie: await cookieHeader(session) };
}

describe("who may use /admin and /api/admin", () => {
  it("shows anonymous visitors the ordinary 404, with the body of an unknown API URL", async () => {
    await expectApiHidden(undefined);
    expect(await pages(undefined, target.id)).toEqual(HIDDEN);
  });

  it("shows an ordinary signed-in user the same", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    const cookie = await cookieHeader(session);
    await expectApiHidden(cookie);
    expect(await pages(cookie, target.id)).toEqual(HIDDEN);
  });

  it("ignores a role the user wrote into their own user_metadata", async () => {
    const user = await newUser();
    const { client } = await signIn(user.email);
    await client.auth.updateUser({ data: { role: "admin" } });
    const { data } = await client.auth.refreshSession();
    const cookie = await cookieHeader(data.session!);
    await expectApiHidden(cookie);
  });

  it("opens the console to an operator, through the proxy's handoff and without it", async () => {
    const admin = await makeAdmin();
    expect(await pages(admin.cookie, target.id)).toEqual(OPEN);
    const listed = await api(admin.cookie, "GET", "users?q=target@");
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, users: [{ id: target.id, email: target.email, planName: "免费版", status: { banned: false } }] });
    // Without the proxy (no handoff header) the handler verifies the token itself.
    const direct = await callRouteHandler(
      (request) => adminRoute.GET(request, { params: Promise.resolve({ path: ["users"] }) }),
      new NextRequest(`${SITE}/api/admin/users?q=${target.id}`, { headers: { cookie: admin.cookie } }),
    );
    expect(await direct.json()).toMatchObject({ total: 1, users: [{ id: target.id }] });
    expect(await api(admin.cookie, "GET", "no-such-thing")).toEqual({ status: 404, body: unknownBody });
  });

  it("grants the role to an ADMIN_EMAILS account on its first visit once a link proved its mailbox", async () => {
    const listed = await newUser(LISTED);
    // Confirmed by the service key only: the mailbox is unproven, so no role yet.
    const before = await signIn(listed.email);
    expect((await api(await cookieHeader(before.session), "GET", "users")).status).toBe(404);
    await proveMailbox(listed.email);
    const { session } = await signIn(listed.email);
    const cookie = await cookieHeader(session);
    expect((await api(cookie, "GET", "users")).status).toBe(200);
    const { data } = await service.auth.admin.getUserById(listed.id);
    expect(data.user?.app_metadata.role).toBe("admin");
  });

  it("grants the role at start-up to listed accounts whose address is confirmed, and to no one else", async () => {
    const confirmed = await newUser("startup@example.com");
    await proveMailbox(confirmed.email);
    const { data: unconfirmed, error } = await service.auth.admin.createUser({ email: "unconfirmed@example.com", password: PASSWORD });
    if (error) throw error;
    const bystander = await newUser();
    expect(await grantListedAdmins()).toEqual(["startup@example.com"]);
    const role = async (id: string) => (await service.auth.admin.getUserById(id)).data.user?.app_metadata.role ?? null;
    expect(await role(confirmed.id)).toBe("admin");
    expect(await role(unconfirmed.user.id)).toBeNull();
    expect(await role(bystander.id)).toBeNull();
    expect(await grantListedAdmins()).toEqual([]);
  });

  it("closes the console to a revoked operator once the role cache has passed, though the token still says admin", async () => {
    const admin = await makeAdmin();
    expect((await api(admin.cookie, "GET", "users")).status).toBe(200);
    const { data } = await service.auth.admin.getUserById(admin.id);
    await setAdminRole(service, data.user!, false);
    await sleep(350);
    await expectApiHidden(admin.cookie);
    expect(await pages(admin.cookie, target.id)).toEqual(HIDDEN);
  });

  it("hides the console from an operator with MFA at aal1, and opens it at aal2", async () => {
    const admin = await makeAdmin();
    const enrolled = await admin.client.auth.mfa.enroll({ factorType: "totp" });
    if (enrolled.error || enrolled.data.type !== "totp") throw enrolled.error ?? new Error("no totp");
    const verified = await admin.client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: await generate({ secret: enrolled.data.totp.secret }) });
    expect(verified.error).toBeNull();
    await sleep(350);
    const aal1 = await signIn(admin.email);
    const aal1Cookie = await cookieHeader(aal1.session);
    await expectApiHidden(aal1Cookie);
    expect(await pages(aal1Cookie, target.id)).toEqual(HIDDEN);
    const aal2 = await aal1.client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: await generate({ secret: enrolled.data.totp.secret, epoch: Date.now() / 1000 + 30 }) });
    expect(aal2.error).toBeNull();
    const { data } = await aal1.client.auth.getSession();
    const aal2Cookie = await cookieHeader(data.session!);
    expect((await api(aal2Cookie, "GET", "users")).status).toBe(200);
    expect(await pages(aal2Cookie, target.id)).toEqual(OPEN);
  });

  it("refuses every action of a session signed in more than 12 hours ago, but still lets it read", async () => {
    const admin = await makeAdmin();
    const later = (hours: number) => createAdminApiHandler({ now: () => new Date(Date.now() + hours * 3_600_000) });
    const stale = later(12.1);
    const reauth = { status: 403, body: { statusCode: 403, message: "请重新输入密码以继续操作" } };
    expect(await api(admin.cookie, "POST", `users/${target.id}/ban`, { length: "1d" }, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", `users/${target.id}/unban`, {}, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", `users/${target.id}/recovery-mail`, {}, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "DELETE", `users/${target.id}/factors/00000000-0000-4000-8000-000000000000`, undefined, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", "users/invite", { email: "stale-invite@example.com" }, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", "users", { email: "stale-made@example.com", password: PASSWORD, confirmed: true }, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", `users/${target.id}/magic-link`, {}, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "DELETE", `users/${target.id}`, { confirm: target.email }, stale)).toEqual(reauth);
    expect((await service.auth.admin.getUserById(target.id)).data.user?.id).toBe(target.id);
    expect(await api(admin.cookie, "POST", `users/${target.id}/quota-grants`, { tokens: 1_000, reason: "补偿" }, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", `users/${target.id}/plan`, { planId: "pro" }, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", "invoices/00000000-0000-4000-8000-000000000000/issue", {}, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", "plans/pro", { name: "专业版" }, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", "plans", { id: "stale-plan" }, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "DELETE", "plans/team", undefined, stale)).toEqual(reauth);
    expect((await api(admin.cookie, "GET", "plans", undefined, stale)).status).toBe(200);
    expect(await api(admin.cookie, "POST", `users/${target.id}/sign-out`, {}, stale)).toEqual(reauth);
    expect((await api(admin.cookie, "GET", `users/${target.id}/sessions`, undefined, stale)).status).toBe(200);
    expect(await api(admin.cookie, "POST", "apps", { appid: "stale-app", app: NEW_APP }, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", "apps/demo-chat", NEW_APP, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", "apps/demo-chat/enabled", { enabled: false }, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", "apps/order", { appids: ["demo-chat"] }, stale)).toEqual(reauth);
    expect(await api(admin.cookie, "POST", "apps/connection-test", { appid: "demo-chat" }, stale)).toEqual(reauth);
    expect((await api(admin.cookie, "GET", "apps", undefined, stale)).status).toBe(200);
    expect((await api(admin.cookie, "GET", "usage", undefined, stale)).status).toBe(200);
    expect((await api(admin.cookie, "GET", "invoices", undefined, stale)).status).toBe(200);
    expect(await api(admin.cookie, "POST", `orders/${targetOrderId}/refund`, { amount: "49.00", reason: "退款", requestId: "00000000-0000-4000-8000-000000000002" }, stale)).toEqual(reauth);
    expect((await api(admin.cookie, "GET", `orders/${targetOrderId}`, undefined, stale)).body).toMatchObject({ refundable: 4900 });
    expect((await api(admin.cookie, "GET", "orders", undefined, stale)).status).toBe(200);
    expect((await api(admin.cookie, "GET", "users", undefined, stale)).status).toBe(200);
    // Within the window, the same session acts.
    expect((await api(admin.cookie, "POST", `users/${target.id}/unban`, {}, later(11.9))).status).toBe(200);
  });
});

describe("the users section's actions", () => {
  it("bans (the user can no longer sign in), unbans, and writes an audit row for each", async () => {
    const admin = await makeAdmin();
    const victim = await newUser();
    const banned = await api(admin.cookie, "POST", `users/${victim.id}/ban`, { length: "7d" });
    expect(banned.status).toBe(200);
    const until = Date.parse((banned.body as { bannedUntil: string }).bannedUntil);
    expect(until - Date.now()).toBeGreaterThan(6.9 * 24 * 3_600_000);
    await expect(signIn(victim.email)).rejects.toThrow();
    const row = (await api(admin.cookie, "GET", `users?q=${victim.email}`)).body as { users: { status: { banned: boolean } }[] };
    expect(row.users[0]?.status.banned).toBe(true);
    expect((await api(admin.cookie, "POST", `users/${victim.id}/unban`, {})).status).toBe(200);
    await expect(signIn(victim.email)).resolves.toBeTruthy();
    const audit = await (await getDatabase()).select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, victim.id)).orderBy(adminAuditLog.createdAt);
    expect(audit.map((entry) => [entry.actorId, entry.action])).toEqual([
      [admin.id, "user.ban"],
      [admin.id, "user.unban"],
    ]);
    expect(audit[0]?.before).toEqual({ bannedUntil: null });
    expect(audit[0]?.after).toMatchObject({ length: "7d" });
    expect(audit[1]?.after).toEqual({ bannedUntil: null });
    // The 审计日志 API lists them, newest first, for this user only when asked.
    const listed = (await api(admin.cookie, "GET", `audit?user=${victim.id}`)).body as { total: number; entries: { action: string; actorId: string }[] };
    expect(listed.total).toBe(2);
    expect(listed.entries.map((entry) => entry.action)).toEqual(["user.unban", "user.ban"]);
    expect((await api(admin.cookie, "GET", "audit")).body).toMatchObject({ page: 1, perPage: 50 });
  });

  it("refuses to ban oneself, bad bodies, other types and unknown users", async () => {
    const admin = await makeAdmin();
    expect(await api(admin.cookie, "POST", `users/${admin.id}/ban`, { length: "1d" })).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "POST", `users/${target.id}/ban`, { length: "1y" })).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "POST", `users/${target.id}/ban`, { length: "1d", extra: true })).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "POST", "users/not-a-uuid/ban", { length: "1d" })).toMatchObject({ status: 404 });
    expect(await api(admin.cookie, "POST", "users/00000000-0000-4000-8000-000000000000/ban", { length: "1d" })).toMatchObject({ status: 404 });
    const url = `${SITE}/api/admin/users/${target.id}/ban`;
    const form = await callRouteHandler(
      (request) => adminRoute.POST(request, { params: Promise.resolve({ path: ["users", target.id, "ban"] }) }),
      new NextRequest(url, { method: "POST", headers: { ...(await headersFor(url, admin.cookie)), "content-type": "application/x-www-form-urlencoded" }, body: "length=1d" }),
    );
    expect(form.status).toBe(415);
  });

  it("removes a user's MFA factor and sends a recovery mail, with audit rows", async () => {
    const admin = await makeAdmin();
    const user = await newUser();
    const { client } = await signIn(user.email);
    const enrolled = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "旧手机" });
    if (enrolled.error) throw enrolled.error;
    expect((await api(admin.cookie, "DELETE", `users/${user.id}/factors/${enrolled.data.id}`)).status).toBe(200);
    const { data } = await service.auth.admin.mfa.listFactors({ userId: user.id });
    expect(data?.factors).toEqual([]);
    // Another user's factor id under this user's path is not found.
    expect((await api(admin.cookie, "DELETE", `users/${target.id}/factors/${enrolled.data.id}`)).status).toBe(404);
    expect(await api(admin.cookie, "POST", `users/${user.id}/recovery-mail`, {})).toEqual({ status: 200, body: { email: user.email } });
    const mails = await (await getDatabase()).select().from(outboxMessages).where(eq(outboxMessages.recipient, user.email));
    expect(mails.some((mail) => mail.kind === "recovery")).toBe(true);
    const audit = await (await getDatabase()).select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, user.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["user.mfa_factor.delete", "user.recovery_mail"]);
  });
});

describe("the 会话 card: a user's sessions and 退出所有设备", () => {
  it("lists them and ends them all: the refresh token fails, the cookie is signed out on its next request, both logs record it", async () => {
    const admin = await makeAdmin();
    const user = await newUser();
    const phone = await signIn(user.email);
    const laptop = await signIn(user.email);
    const cookie = await cookieHeader(laptop.session);
    const bystander = await signIn(target.email);
    const bystanderCookie = await cookieHeader(bystander.session);
    // The proxy's route guard: a live session passes, a signed-out one is sent to 登录.
    const dashboard = async (as: string) => (await proxy(new NextRequest(`${SITE}/dashboard`, { headers: { cookie: as } }))).headers.get("location");
    expect(await dashboard(cookie)).toBeNull();

    const listed = await api(admin.cookie, "GET", `users/${user.id}/sessions`);
    expect(listed).toMatchObject({ status: 200, body: { available: true } });
    const sessions = (listed.body as { sessions: { id: string; createdAt: string; aal: string }[] }).sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.every((session) => session.aal === "aal1" && !Number.isNaN(Date.parse(session.createdAt)))).toBe(true);

    expect(await api(admin.cookie, "POST", `users/${user.id}/sign-out`, {})).toEqual({ status: 200, body: { ended: 2 } });
    expect((await api(admin.cookie, "GET", `users/${user.id}/sessions`)).body).toEqual({ available: true, sessions: [] });
    expect((await phone.client.auth.refreshSession()).error).not.toBeNull();
    await sleep(350); // the session check's cache (SESSION_CHECK_CACHE_MS)
    expect(await dashboard(cookie)).toMatch(/\/auth\/signin/);
    expect(await dashboard(bystanderCookie)).toBeNull();
    // The account itself is fine: the user signs in again.
    await expect(signIn(user.email)).resolves.toBeTruthy();

    const db = await getDatabase();
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, user.id));
    expect(audit.map((entry) => [entry.actorId, entry.action, entry.before, entry.after])).toEqual([[admin.id, "user.sign_out_everywhere", { sessions: 2 }, { sessions: 0 }]]);
    const events = (await db.select().from(authAuditLog)).map((row) => row.payload).filter((payload) => payload.actor_id === user.id && payload.action === "logout");
    expect(events).toEqual([expect.objectContaining({ actor_username: user.email, traits: { scope: "global", admin: true } })]);
  });

  it("refuses oneself, extra body fields, malformed and unknown user ids", async () => {
    const admin = await makeAdmin();
    expect(await api(admin.cookie, "POST", `users/${admin.id}/sign-out`, {})).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "POST", `users/${target.id}/sign-out`, { userId: admin.id })).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "POST", "users/not-a-uuid/sign-out", {})).toMatchObject({ status: 404 });
    expect(await api(admin.cookie, "GET", "users/not-a-uuid/sessions")).toMatchObject({ status: 404 });
    expect(await api(admin.cookie, "POST", "users/00000000-0000-4000-8000-000000000000/sign-out", {})).toMatchObject({ status: 404 });
    expect(await api(admin.cookie, "GET", "users/00000000-0000-4000-8000-000000000000/sessions")).toMatchObject({ status: 404 });
    // The operator's own session still works (nothing of theirs was touched).
    expect((await api(admin.cookie, "GET", "users")).status).toBe(200);
  });
});

describe("the 额度 and 用量 sections", () => {
  it("grants and takes back this month's tokens with a reason, changes the plan, each audited before → after", async () => {
    const admin = await makeAdmin();
    const user = await newUser();
    const db = await getDatabase();
    const granted = await api(admin.cookie, "POST", `users/${user.id}/quota-grants`, { tokens: 50_000, reason: "服务故障补偿" });
    expect(granted).toMatchObject({ status: 200, body: { tokensQuota: 150_000, grantedTokens: 50_000 } });
    expect((await getSubscriptionSummary(db, user.id)).usage).toMatchObject({ tokensQuota: 150_000, grantedTokens: 50_000 });
    expect(await api(admin.cookie, "POST", `users/${user.id}/quota-grants`, { tokens: -20_000, reason: "多发收回" })).toMatchObject({ status: 200, body: { tokensQuota: 130_000 } });
    expect(await api(admin.cookie, "POST", `users/${user.id}/plan`, { planId: "pro" })).toMatchObject({ status: 200, body: { planId: "pro", tokensQuota: 2_030_000 } });
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, user.id)).orderBy(adminAuditLog.createdAt);
    expect(audit.map((entry) => [entry.actorId, entry.action, entry.before, entry.after])).toEqual([
      [admin.id, "quota.grant", { tokensQuota: 100_000, grantedTokens: 0 }, expect.objectContaining({ tokensQuota: 150_000, grantedTokens: 50_000, tokens: 50_000, reason: "服务故障补偿" })],
      [admin.id, "quota.grant", { tokensQuota: 150_000, grantedTokens: 50_000 }, expect.objectContaining({ tokensQuota: 130_000, tokens: -20_000, reason: "多发收回" })],
      [admin.id, "quota.plan", { planId: "free", tokensQuota: 130_000 }, { planId: "pro", tokensQuota: 2_030_000 }],
    ]);
    expect(await api(admin.cookie, "POST", `users/${user.id}/plan`, { planId: "free" })).toMatchObject({ status: 200, body: { planId: "free" } });
  });

  it("refuses grants without a reason, of zero or huge or fractional tokens, extra fields, unknown plans and users", async () => {
    const admin = await makeAdmin();
    const bad: unknown[] = [
      { tokens: 1_000 },
      { tokens: 1_000, reason: "   " },
      { tokens: 0, reason: "零" },
      { tokens: 1.5, reason: "小数" },
      { tokens: 1e9, reason: "太多" },
      { tokens: "1000", reason: "字符串" },
      { tokens: 1_000, reason: "x", userId: admin.id },
      { tokens: 1_000, reason: "x".repeat(501) },
    ];
    for (const body of bad) expect(await api(admin.cookie, "POST", `users/${target.id}/quota-grants`, body), JSON.stringify(body).slice(0, 60)).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "POST", `users/${target.id}/plan`, { planId: "gold" })).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "POST", "users/not-a-uuid/quota-grants", { tokens: 1, reason: "x" })).toMatchObject({ status: 404 });
    expect(await api(admin.cookie, "POST", "users/00000000-0000-4000-8000-000000000000/quota-grants", { tokens: 1, reason: "x" })).toMatchObject({ status: 404 });
    expect(await api(admin.cookie, "POST", "users/00000000-0000-4000-8000-000000000000/plan", { planId: "pro" })).toMatchObject({ status: 404 });
    const audit = await (await getDatabase()).select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, target.id));
    expect(audit.filter((entry) => entry.action.startsWith("quota."))).toEqual([]);
  });

  it("pages the month's grants on the server, 50 a page, newest first, without repeats", async () => {
    const admin = await makeAdmin();
    const user = await newUser();
    const db = await getDatabase();
    const start = Date.now();
    await db.insert(aiQuotaGrants).values(
      Array.from({ length: 60 }, (_, i) => ({ userId: user.id, tokens: i + 1, reason: `批量 ${i + 1}`, adminId: admin.id, period: quotaPeriod(new Date()), createdAt: new Date(start + i * 1000) })),
    );
    type Page = { grants: { id: string; tokens: number; email: string | null }[]; total: number; page: number; perPage: number };
    const first = (await api(admin.cookie, "GET", "quota-grants")).body as Page;
    const second = (await api(admin.cookie, "GET", "quota-grants?page=2")).body as Page;
    expect(first).toMatchObject({ page: 1, perPage: 50 });
    expect(first.total).toBeGreaterThanOrEqual(60);
    expect(first.grants).toHaveLength(50);
    expect(first.grants[0]).toMatchObject({ tokens: 60, email: user.email });
    expect(second.grants).toHaveLength(first.total - 50);
    expect(new Set([...first.grants, ...second.grants].map((grant) => grant.id)).size).toBe(first.total);
    expect(((await api(admin.cookie, "GET", "quota-grants?page=-3")).body as Page).page).toBe(1);
  });

  it("answers the usage report and its CSV to an operator", async () => {
    const admin = await makeAdmin();
    expect(await api(admin.cookie, "GET", "usage?month=2026-11")).toMatchObject({ status: 200, body: { month: "2026-11", days: expect.any(Array) } });
    const url = `${SITE}/api/admin/usage.csv?month=2026-11`;
    const csv = await callRouteHandler(
      (request) => adminRoute.GET(request, { params: Promise.resolve({ path: ["usage.csv"] }) }),
      new NextRequest(url, { headers: await headersFor(url, admin.cookie) }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toContain("日期,应用 ID,应用,模型,Token,调用次数");
  });
});
