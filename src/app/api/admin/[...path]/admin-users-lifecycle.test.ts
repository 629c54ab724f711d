// First: sets up what next start does before anything else (see next-request-scope.ts).
import "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// Issue 18, 用户: deleting a user with their data (every table keyed by the user id, their files and
// Dify conversations, then the auth user) leaves another user's data untouched; invite, create and
// magic link go through the embedded auth and its dev outbox. Each is audited.
const SITE = "http://localhost:3000";
const dataDir = stubEmbeddedAppEnv("admin-users-lifecycle", {
  AUTH_RATE_LIMIT_SIGN_IN: "1000/60",
  AUTH_MIN_MAIL_INTERVAL: "0",
  DEV_OUTBOX: "on",
});

const { setAdminRole } = await import("@/features/admin/server/admin-role");
const { listEnabledAppsWithUpstream } = await import("@/features/ai-apps/server");
const { getAiProxy } = await import("@/features/ai-call/server");
const db = await import("@/lib/db");
const { adminAuditLog, closeDatabase, getDatabase, outboxMessages } = db;
const { eq, or, sql } = await import("drizzle-orm");
const { listOwnSecurityEvents } = await import("@/features/auth/server");
const { securityEventLabel } = await import("@/features/auth");
const { createClient } = await import("@supabase/supabase-js");

const { PASSWORD, startAdminTestKit } = await import("./admin-test-kit");
const { connection, service, newUser, signIn, cookieHeader, api } = await startAdminTestKit();

beforeAll(async () => {
}, 180_000); // the first call starts the embedded services (migrations, keys)
afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function makeAdmin() {
  const user = await newUser();
  const { data } = await service.auth.admin.getUserById(user.id);
  await setAdminRole(service, data.user!, true);
  const { session } = await signIn(user.email);
  return { ...user, cookie: await cookieHeader(session) };
}

/** A user with a row in every product table, a stored file and a Dify conversation. */
async function seedUserData(user: { id: string; email: string }) {
  const database = await getDatabase();
  await database.insert(db.notes).values({ userId: user.id, title: `笔记 ${user.email}` });
  await database.insert(db.aiUsageEvents).values({ userId: user.id, appid: "demo", kind: "chat", totalTokens: 10 });
  await database.insert(db.apiKeys).values({ userId: user.id, name: "key", prefix: `sk-${user.id.slice(0, 6)}`, secretHash: `hash-${user.id}` });
  await database.insert(db.subscriptions).values({ userId: user.id, planId: "pro" });
  // Invited by someone, and inviting someone: both rows name the user (and hold an address).
  await database.insert(db.invitations).values([
    { inviteeId: user.id, inviterId: crypto.randomUUID(), ip: "198.51.100.7" },
    { inviteeId: crypto.randomUUID(), inviterId: user.id, ip: "198.51.100.8" },
  ]);
  await database.insert(db.aiConversationPins).values({ userId: user.id, appid: "demo", conversationId: crypto.randomUUID() });
  const [conversation] = await database.insert(db.modelConversations).values({ userId: user.id, appid: "model", name: "对话", model: "m" }).returning();
  await database.insert(db.modelMessages).values({ userId: user.id, conversationId: conversation!.id, model: "m", query: "你好" });
  const { client } = await signIn(user.email);
  const uploaded = await client.storage.from("files").upload(`${user.id}/a.txt`, new Blob(["内容"], { type: "text/plain" }));
  if (uploaded.error) throw uploaded.error;
  const chatApp = (await listEnabledAppsWithUpstream()).find((app) => app.kind === "chat" && !app.modelSettings)!;
  const asked = await getAiProxy().handle(
    new Request(`${SITE}/api/ai/dify/chat-messages?appid=${chatApp.appid}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "你好", inputs: {}, response_mode: "blocking" }),
    }),
    { path: ["chat-messages"], userId: user.id },
  );
  expect(asked.status).toBe(200);
  await getAiProxy().idle();
}

/** How many rows of the user each table holds (the auth user last). */
async function footprint(userId: string) {
  const database = await getDatabase();
  const countOf = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    notes: await countOf(database.select().from(db.notes).where(eq(db.notes.userId, userId))),
    usage: await countOf(database.select().from(db.aiUsageEvents).where(eq(db.aiUsageEvents.userId, userId))),
    usageRollup: await countOf(database.select().from(db.aiUsageMonthlyUser).where(eq(db.aiUsageMonthlyUser.userId, userId))),
    apiKeys: await countOf(database.select().from(db.apiKeys).where(eq(db.apiKeys.userId, userId))),
    subscriptions: await countOf(database.select().from(db.subscriptions).where(eq(db.subscriptions.userId, userId))),
    pins: await countOf(database.select().from(db.aiConversationPins).where(eq(db.aiConversationPins.userId, userId))),
    invitations: await countOf(database.select().from(db.invitations).where(or(eq(db.invitations.inviteeId, userId), eq(db.invitations.inviterId, userId)))),
    modelConversations: await countOf(database.select().from(db.modelConversations).where(eq(db.modelConversations.userId, userId))),
    modelMessages: await countOf(database.select().from(db.modelMessages).where(eq(db.modelMessages.userId, userId))),
    files: await countOf(database.select().from(db.storageObjects).where(eq(db.storageObjects.ownerId, userId))),
    difyConversations: await countOf(database.select().from(db.difyDemoConversations).where(eq(db.difyDemoConversations.endUser, userId))),
    difyMessages: await countOf(database.select().from(db.difyDemoMessages).where(eq(db.difyDemoMessages.endUser, userId))),
    authUser: (await service.auth.admin.getUserById(userId)).data.user ? 1 : 0,
  };
}

describe("deleting a user with their data", () => {
  it("removes every row, file and conversation of that user, and nobody else's; they cannot sign in", async () => {
    const admin = await makeAdmin();
    const victim = await newUser();
    const bystander = await newUser();
    await seedUserData(victim);
    await seedUserData(bystander);
    const full = { notes: 1, usage: 2, usageRollup: 1, apiKeys: 1, subscriptions: 1, pins: 1, invitations: 2, modelConversations: 1, modelMessages: 1, files: 1, difyConversations: 1, difyMessages: 1, authUser: 1 };
    expect(await footprint(victim.id)).toEqual(full);

    // The typed confirmation must name this user; the handler checks it, not only the dialog.
    expect(await api(admin.cookie, "DELETE", `users/${victim.id}`, { confirm: bystander.email })).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "DELETE", `users/${victim.id}`, {})).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "DELETE", `users/${admin.id}`, { confirm: admin.email })).toMatchObject({ status: 400 });
    expect(await footprint(victim.id)).toEqual(full);

    const deleted = await api(admin.cookie, "DELETE", `users/${victim.id}`, { confirm: victim.email.toUpperCase() });
    expect(deleted).toMatchObject({ status: 200, body: { storageObjects: 1, difyConversations: 1 } });
    expect(await footprint(victim.id)).toEqual(Object.fromEntries(Object.keys(full).map((key) => [key, 0])));
    expect(await footprint(bystander.id)).toEqual(full);
    // The report's rollups lost exactly the victim's events: they still equal the remaining rows.
    const [totals] = (
      await (await getDatabase()).execute<{ rolled: string; raw: string }>(
        sql`select (select coalesce(sum(tokens), 0) from ai_usage_daily) as rolled, (select coalesce(sum(total_tokens), 0) from ai_usage_events) as raw`,
      )
    ).rows;
    expect(Number(totals!.rolled)).toBe(Number(totals!.raw));
    // The bystander's file is still readable by them.
    const { client } = await signIn(bystander.email);
    expect((await client.storage.from("files").download(`${bystander.id}/a.txt`)).error).toBeNull();
    await expect(signIn(victim.email)).rejects.toThrow();
    expect(await api(admin.cookie, "DELETE", `users/${victim.id}`, { confirm: victim.email })).toMatchObject({ status: 404 });

    const [audit] = await (await getDatabase()).select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, victim.id));
    expect(audit).toMatchObject({ actorId: admin.id, action: "user.delete", before: { email: victim.email } });
  });
});

describe("inviting, creating and sending a magic link", () => {
  const mailsTo = async (email: string) => (await (await getDatabase()).select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).map((mail) => mail.kind);
  const auditOf = async (userId: string) => (await (await getDatabase()).select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, userId))).map((row) => row.action);

  it("invites by e-mail: an account waiting for the invitee, an invitation in the outbox, an audit row", async () => {
    const admin = await makeAdmin();
    const invited = await api(admin.cookie, "POST", "users/invite", { email: "Invitee@Example.com" });
    expect(invited.status).toBe(200);
    const { userId } = invited.body as { userId: string };
    expect((await service.auth.admin.getUserById(userId)).data.user?.email).toBe("invitee@example.com");
    expect(await mailsTo("invitee@example.com")).toContain("invite");
    expect(await auditOf(userId)).toEqual(["user.invite"]);
    expect(await api(admin.cookie, "POST", "users/invite", { email: "not-an-address" })).toMatchObject({ status: 400 });
  });

  it("creates confirmed and unconfirmed accounts by e-mail or phone", async () => {
    const admin = await makeAdmin();
    const made = await api(admin.cookie, "POST", "users", { email: "made@example.com", password: PASSWORD, confirmed: true });
    expect(made.status).toBe(200);
    await expect(signIn("made@example.com")).resolves.toBeTruthy();
    const unconfirmed = await api(admin.cookie, "POST", "users", { email: "pending@example.com", password: PASSWORD, confirmed: false });
    expect(unconfirmed.status).toBe(200);
    await expect(signIn("pending@example.com")).rejects.toThrow();
    const phone = await api(admin.cookie, "POST", "users", { phone: "+8613800000001", password: PASSWORD, confirmed: true });
    expect(phone.status).toBe(200);
    expect((await service.auth.admin.getUserById((phone.body as { userId: string }).userId)).data.user?.phone).toBe("8613800000001");
    expect(await auditOf((made.body as { userId: string }).userId)).toEqual(["user.create"]);
    expect(await api(admin.cookie, "POST", "users", { email: "made@example.com", password: PASSWORD, confirmed: true })).toMatchObject({ status: 409 });
    expect(await api(admin.cookie, "POST", "users", { email: "x@example.com", phone: "+8613800000002", password: PASSWORD, confirmed: true })).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "POST", "users", { email: "y@example.com", password: "short", confirmed: true })).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "POST", "users", { email: "z@example.com", password: PASSWORD, confirmed: true, role: "admin" })).toMatchObject({ status: 400 });
  });

  it("sends a magic link through the auth service's mailer", async () => {
    const admin = await makeAdmin();
    const user = await newUser();
    expect(await api(admin.cookie, "POST", `users/${user.id}/magic-link`, {})).toEqual({ status: 200, body: { email: user.email } });
    expect(await mailsTo(user.email)).toContain("magiclink");
    expect(await auditOf(user.id)).toEqual(["user.magic_link"]);
    expect(await api(admin.cookie, "POST", "users/00000000-0000-4000-8000-000000000000/magic-link", {})).toMatchObject({ status: 404 });
  });
});

describe("the accounts' security events (auth.audit_log_entries)", () => {
  type EventsPage = { total: number; events: { action: string; actorId: string; actorUsername: string; traits: Record<string, unknown> | null }[] };

  it("are written by the embedded auth in GoTrue's shape: sign-in, password and e-mail change, MFA enrol / removal, sign-out everywhere", async () => {
    const admin = await makeAdmin();
    const user = await newUser();
    const { client } = await signIn(user.email);
    expect((await client.auth.updateUser({ password: "another-password-2" })).error).toBeNull();
    expect((await client.auth.updateUser({ email: `changed-${user.email}` })).error).toBeNull();
    const enrolled = await client.auth.mfa.enroll({ factorType: "totp" });
    if (enrolled.error) throw enrolled.error;
    expect((await client.auth.mfa.unenroll({ factorId: enrolled.data.id })).error).toBeNull();
    const second = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "第二个" });
    if (second.error) throw second.error;
    expect((await api(admin.cookie, "DELETE", `users/${user.id}/factors/${second.data.id}`)).status).toBe(200);
    expect((await client.auth.signOut({ scope: "global" })).error).toBeNull();

    const [raw] = await (await getDatabase()).select().from(db.authAuditLog).where(eq(db.authAuditLog.id, (await listOwnSecurityEvents(await getDatabase(), user.id))[0]!.id));
    expect(raw?.payload).toMatchObject({ actor_id: user.id, actor_username: user.email, actor_via_sso: false, action: "logout", log_type: "account", traits: { scope: "global" } });
    const own = await listOwnSecurityEvents(await getDatabase(), user.id);
    expect(own.map((event) => event.action).reverse()).toEqual([
      "login",
      "user_updated_password",
      "user_modified",
      "factor_in_progress",
      "factor_unenrolled",
      "factor_in_progress",
      "factor_deleted",
      "logout",
    ]);
    expect(own[own.length - 1]?.traits).toEqual({ provider: "password" });

    // The console filters by user, type and date, paged on the server.
    const byUser = (await api(admin.cookie, "GET", `audit/security-events?user=${user.id}`)).body as EventsPage;
    expect(byUser.total).toBe(8);
    expect(byUser.events.every((event) => event.actorId === user.id)).toBe(true);
    const logins = (await api(admin.cookie, "GET", `audit/security-events?user=${user.id}&action=login`)).body as EventsPage;
    expect(logins.events.map((event) => event.action)).toEqual(["login"]);
    const all = (await api(admin.cookie, "GET", "audit/security-events?action=login")).body as EventsPage;
    expect(new Set(all.events.map((event) => event.actorId)).size).toBeGreaterThan(1);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(((await api(admin.cookie, "GET", `audit/security-events?user=${user.id}&from=${tomorrow}`)).body as EventsPage).total).toBe(0);
    expect(((await api(admin.cookie, "GET", `audit/security-events?user=${user.id}&to=${tomorrow}`)).body as EventsPage).total).toBe(8);
  });

  it("a wrong password for an account is a failed sign-in in its log; an unknown address writes nothing", async () => {
    const admin = await makeAdmin();
    const user = await newUser();
    const stranger = createClient(connection.url, connection.anonKey, { global: { fetch: connection.fetch }, auth: { persistSession: false, autoRefreshToken: false } });
    const wrong = await stranger.auth.signInWithPassword({ email: user.email, password: "not-the-password-1" });
    expect(wrong.error?.code).toBe("invalid_credentials");
    const before = (await api(admin.cookie, "GET", "audit/security-events?action=login_failed")).body as EventsPage;
    const nobody = await stranger.auth.signInWithPassword({ email: `nobody-${user.email}`, password: "not-the-password-1" });
    // The same answer for an unknown address (nothing tells the two apart), and no row about nobody.
    expect(nobody.error?.code).toBe("invalid_credentials");
    const after = (await api(admin.cookie, "GET", "audit/security-events?action=login_failed")).body as EventsPage;
    expect(after.total).toBe(before.total);

    const own = await listOwnSecurityEvents(await getDatabase(), user.id);
    expect(own.map((event) => [event.action, event.traits])).toEqual([["login_failed", { provider: "password" }]]);
    expect(securityEventLabel("login_failed")).toBe("登录失败（密码错误）");
    const forUser = (await api(admin.cookie, "GET", `audit/security-events?user=${user.id}&action=login_failed`)).body as EventsPage;
    expect(forUser.events.map((event) => [event.action, event.actorUsername])).toEqual([["login_failed", user.email]]);
  });

  it("in settings, a user sees only their own last 20", async () => {
    const me = await newUser();
    const other = await newUser();
    for (let round = 0; round < 12; round += 1) await signIn(me.email);
    await signIn(other.email);
    await signIn(other.email);
    const mine = await listOwnSecurityEvents(await getDatabase(), me.id);
    expect(mine).toHaveLength(12);
    expect(mine.every((event) => event.actorId === me.id)).toBe(true);
    for (let round = 0; round < 10; round += 1) await signIn(me.email);
    expect(await listOwnSecurityEvents(await getDatabase(), me.id)).toHaveLength(20);
    expect((await listOwnSecurityEvents(await getDatabase(), other.id)).map((event) => event.actorId)).toEqual([other.id, other.id]);
  });
});
