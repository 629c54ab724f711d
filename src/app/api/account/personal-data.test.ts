// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../test/embedded-app-env";

// Issue 33 part 6 (PIPL): 下载我的数据 holds this user's conversation and note and nothing of another
// user; 注销账号 re-authenticates, deletes the data, keeps orders anonymised, frees the address.
const SITE = "http://localhost:3000";
const dataDir = stubEmbeddedAppEnv("personal-data", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60", AUTH_MIN_MAIL_INTERVAL: "0", DEV_OUTBOX: "on", PERSONAL_DATA_EXPORT_INLINE_ITEMS: "5" });

const db = await import("@/lib/db");
const { closeDatabase, getDatabase } = db;
const { desc, eq } = await import("drizzle-orm");
const { postWalletEntry, walletBalance } = await import("@/features/wallet/server");
const { listEnabledAppsWithUpstream } = await import("@/features/ai-apps/server");
const { getAiProxy } = await import("@/features/ai-call/server");
const { createClient } = await import("@supabase/supabase-js");
const exportRoute = await import("./data-export/route");
const deletionRoute = await import("./deletion/route");
const deletionCodeRoute = await import("./deletion/code/route");
const mailedExportRoute = await import("./data-export/[id]/route");
const { exportLink } = await import("@/features/personal-data/server/background-export");
const { deleteDueAccounts } = await import("@/features/personal-data/server");
const { PASSWORD, startAdminTestKit } = await import("../admin/[...path]/admin-test-kit");
const { connection, service, newUser, signIn, cookieHeader, headersFor } = await startAdminTestKit();

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

type Person = { id: string; email: string; cookie: string; client: Awaited<ReturnType<typeof signIn>>["client"] };

async function person(): Promise<Person> {
  const user = await newUser();
  const { client, session } = await signIn(user.email);
  return { ...user, client, cookie: await cookieHeader(session) };
}

async function ask(userId: string, query: string) {
  const chatApp = (await listEnabledAppsWithUpstream()).find((app) => app.kind === "chat" && !app.modelSettings)!;
  const response = await getAiProxy().handle(
    new Request(`${SITE}/api/ai/dify/chat-messages?appid=${chatApp.appid}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query, inputs: {}, response_mode: "blocking" }),
    }),
    { path: ["chat-messages"], userId },
  );
  expect(response.status).toBe(200);
  await getAiProxy().idle();
  return (await response.json()) as { conversation_id: string };
}

async function call(handler: (request: Request) => Promise<Response>, method: string, path: string, cookie?: string, body?: unknown) {
  const url = `${SITE}${path}`;
  const headers = { ...(await headersFor(url, cookie)), ...(body === undefined ? {} : { "content-type": "application/json" }) };
  return callRouteHandler(handler, new NextRequest(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

let alice: Person;
let bob: Person;
let bobConversation: string;

beforeAll(async () => {
  alice = await person();
  bob = await person();
  const database = await getDatabase();
  await database.insert(db.notes).values({ userId: alice.id, title: "爱丽丝的读书笔记", body: "第一章" });
  await database.insert(db.notes).values({ userId: bob.id, title: "鲍勃的秘密笔记", body: "不要外传" });
  await postWalletEntry(database, { userId: alice.id, kind: "grant", amountFen: 300, cause: "爱丽丝的赠送余额" });
  await postWalletEntry(database, { userId: bob.id, kind: "grant", amountFen: 300, cause: "鲍勃的赠送余额" });
  const [aliceKey] = await database
    .insert(db.apiKeys)
    .values({ userId: alice.id, name: "爱丽丝的脚本", prefix: "sk-alice", secretHash: `hash-${alice.id}`, allowedIps: ["203.0.113.0/24"], requestsPerMinute: 30, seenNetworks: ["198.51.100.0/24"] })
    .returning();
  await database.insert(db.apiCallLogs).values({ userId: alice.id, apiKeyId: aliceKey!.id, requestId: "req-alice-1", endpoint: "POST /v1/chat/completions", model: "demo-model", status: 200, durationMs: 120 });
  const [bobKey] = await database.insert(db.apiKeys).values({ userId: bob.id, name: "鲍勃的密钥", prefix: "sk-bob", secretHash: `hash-${bob.id}` }).returning();
  await database.insert(db.apiCallLogs).values({ userId: bob.id, apiKeyId: bobKey!.id, requestId: "req-bob-1", endpoint: "POST /v1/embeddings", status: 429 });
  // Alice invited Bob: each sees their side of it, never the other's identity.
  await database.insert(db.inviteCodes).values({ userId: alice.id, code: "ALICECODE1" });
  await database.insert(db.invitations).values({ inviteeId: bob.id, inviterId: alice.id, ip: "192.0.2.7", status: "rewarded", inviterRewardFen: 500, inviteeRewardFen: 200 });
  await ask(alice.id, "爱丽丝想去火星旅行");
  bobConversation = (await ask(bob.id, "鲍勃的火星基地计划")).conversation_id;
}, 180_000);

describe("GET /api/account/data-export", () => {
  it("answers a ZIP of JSON + Markdown with the user's note and conversation and nothing of another user", async () => {
    const response = await call(exportRoute.GET, "GET", "/api/account/data-export", alice.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["README.md", "account.md", "conversations.md", "data.json", "notes.md"]);
    const data = JSON.parse(strFromU8(files["data.json"]!)) as { profile: { email: string }; notes: { title: string }[]; conversations: { messages: { query: string }[] }[] };
    expect(data.profile.email).toBe(alice.email);
    expect((data as unknown as { walletLedger: { cause: string; amountFen: number }[] }).walletLedger).toMatchObject([{ cause: "爱丽丝的赠送余额", amountFen: 300 }]);
    expect(strFromU8(files["account.md"]!)).toContain("爱丽丝的赠送余额");
    expect(data.notes.map((note) => note.title)).toEqual(["爱丽丝的读书笔记"]);
    const developer = data as unknown as {
      apiKeys: { name: string; allowedIps: string[] | null; requestsPerMinute: number | null; seenNetworks: string[] }[];
      apiCallLogs: { requestId: string; endpoint: string; status: number }[];
      invitations: { code: string | null; invitedBy: unknown; invited: { status: string; rewardFen: number }[] };
    };
    expect(developer.apiKeys).toMatchObject([{ name: "爱丽丝的脚本", allowedIps: ["203.0.113.0/24"], requestsPerMinute: 30, seenNetworks: ["198.51.100.0/24"] }]);
    expect(developer.apiCallLogs).toMatchObject([{ requestId: "req-alice-1", endpoint: "POST /v1/chat/completions", status: 200 }]);
    expect(developer.invitations).toMatchObject({ code: "ALICECODE1", invitedBy: null, invited: [{ status: "rewarded", rewardFen: 500 }] });
    expect(strFromU8(files["account.md"]!)).toContain("req-alice-1");
    expect(strFromU8(files["account.md"]!)).toContain("198.51.100.0/24");
    expect(data.conversations.flatMap((conversation) => conversation.messages.map((message) => message.query))).toEqual(["爱丽丝想去火星旅行"]);
    expect(strFromU8(files["notes.md"]!)).toContain("爱丽丝的读书笔记");
    expect(strFromU8(files["conversations.md"]!)).toContain("爱丽丝想去火星旅行");
    const everything = Object.values(files).map((file) => strFromU8(file)).join("\n");
    for (const foreign of ["鲍勃", bob.id, bob.email, bobConversation, "req-bob-1", "192.0.2.7"]) expect(everything).not.toContain(foreign);
  });

  it("answers 401 without a session", async () => {
    const response = await call(exportRoute.GET, "GET", "/api/account/data-export");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ statusCode: 401, message: "请先登录" });
  });
});

describe("/api/account/deletion", () => {
  it("refuses a wrong password and a missing confirmation, deleting nothing", async () => {
    const carol = await person();
    await (await getDatabase()).insert(db.notes).values({ userId: carol.id, title: "留着" });
    // A session signed in just now counts as re-authenticated; a stale one must give the password.
    const wrong = await call(deletionRoute.POST, "POST", "/api/account/deletion", carol.cookie, { confirm: "注销", password: "not-the-password" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ statusCode: 403, message: "密码不正确" });
    const unconfirmed = await call(deletionRoute.POST, "POST", "/api/account/deletion", carol.cookie, { confirm: "yes", password: PASSWORD });
    expect(unconfirmed.status).toBe(400);
    expect((await service.auth.admin.getUserById(carol.id)).data.user?.id).toBe(carol.id);
    expect(await (await getDatabase()).select().from(db.notes).where(eq(db.notes.userId, carol.id))).toHaveLength(1);
  });

  it("deletes the data, conversations, files and auth user, keeps orders anonymised, and the address can sign up again", async () => {
    const dave = await person();
    const database = await getDatabase();
    await database.insert(db.notes).values({ userId: dave.id, title: "戴夫的笔记" });
    await database.insert(db.apiKeys).values({ userId: dave.id, name: "key", prefix: "sk-dave", secretHash: `hash-${dave.id}` });
    const uploaded = await dave.client.storage.from("files").upload(`${dave.id}/a.txt`, new Blob(["内容"], { type: "text/plain" }));
    expect(uploaded.error).toBeNull();
    const [order] = await database.insert(db.checkoutOrders).values({ userId: dave.id, planId: "pro", interval: "month", amount: 2900, provider: "local", status: "paid" }).returning();
    await database.insert(db.invoiceRequests).values({ orderId: order!.id, userId: dave.id, titleType: "personal", title: "戴夫", email: dave.email });
    await postWalletEntry(database, { userId: dave.id, kind: "topup", amountFen: 1000, cause: "余额充值 ¥10" });
    await ask(dave.id, "戴夫的问题");

    const response = await call(deletionRoute.POST, "POST", "/api/account/deletion", dave.cookie, { confirm: "注销", password: PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });

    expect(await database.select().from(db.notes).where(eq(db.notes.userId, dave.id))).toEqual([]);
    expect(await database.select().from(db.apiKeys).where(eq(db.apiKeys.userId, dave.id))).toEqual([]);
    expect(await database.select().from(db.storageObjects).where(eq(db.storageObjects.ownerId, dave.id))).toEqual([]);
    expect(await database.select().from(db.difyDemoConversations).where(eq(db.difyDemoConversations.endUser, dave.id))).toEqual([]);
    expect((await service.auth.admin.getUserById(dave.id)).data.user).toBeNull();
    const [keptOrder] = await database.select().from(db.checkoutOrders).where(eq(db.checkoutOrders.id, order!.id));
    expect(keptOrder).toMatchObject({ amount: 2900, status: "paid" });
    expect(keptOrder!.userId).not.toBe(dave.id);
    const [keptInvoice] = await database.select().from(db.invoiceRequests).where(eq(db.invoiceRequests.orderId, order!.id));
    expect(keptInvoice!.userId).toBe(keptOrder!.userId);
    // The balance and its ledger are financial records too: kept under the same pseudonym, still summing up.
    expect(await database.select().from(db.walletLedger).where(eq(db.walletLedger.userId, dave.id))).toEqual([]);
    expect(await walletBalance(database, keptOrder!.userId)).toBe(1000);
    // Another user's data is untouched.
    expect(await database.select().from(db.notes).where(eq(db.notes.userId, alice.id))).toHaveLength(1);

    const visitor = createClient(connection.url, connection.anonKey, { global: { fetch: connection.fetch }, auth: { persistSession: false, autoRefreshToken: false } });
    const again = await visitor.auth.signUp({ email: dave.email, password: "another-password-2" });
    expect(again.error).toBeNull();
    expect(again.data.user?.email).toBe(dave.email);
    expect(again.data.user?.id).not.toBe(dave.id);
  });

  it("carries out a request whose cooling-off period is over, and leaves a pending one", async () => {
    const erin = await person();
    const frank = await person();
    const database = await getDatabase();
    await database.insert(db.notes).values([{ userId: erin.id, title: "e" }, { userId: frank.id, title: "f" }]);
    const now = new Date();
    await database.insert(db.accountDeletionRequests).values([
      { userId: erin.id, dueAt: new Date(now.getTime() - 1000) },
      { userId: frank.id, dueAt: new Date(now.getTime() + 86_400_000) },
    ]);
    const pending = await call(deletionRoute.GET, "GET", "/api/account/deletion", frank.cookie);
    expect((await pending.json()).pending).toMatchObject({ dueAt: expect.any(String) });
    expect(await deleteDueAccounts(database, now)).toBe(1);
    expect((await service.auth.admin.getUserById(erin.id)).data.user).toBeNull();
    expect(await database.select().from(db.notes).where(eq(db.notes.userId, erin.id))).toEqual([]);
    expect((await service.auth.admin.getUserById(frank.id)).data.user?.id).toBe(frank.id);
    const canceled = await call(deletionRoute.DELETE, "DELETE", "/api/account/deletion", frank.cookie);
    expect(await canceled.json()).toEqual({ canceled: true });
    expect(await database.select().from(db.accountDeletionRequests)).toEqual([]);
  });
});

describe("注销账号 for an account without a password", () => {
  const phoneCode = async (phone: string) => {
    const [sms] = await (await getDatabase()).select().from(db.outboxMessages).where(eq(db.outboxMessages.recipient, phone)).orderBy(desc(db.outboxMessages.createdAt)).limit(1);
    return /\d{6}/.exec(sms?.text ?? "")![0];
  };
  /** A phone-only account (no password, no e-mail), signed in by SMS code. */
  async function phonePerson(phone: string) {
    const { data, error } = await service.auth.admin.createUser({ phone, phone_confirm: true });
    if (error) throw error;
    const client = createClient(connection.url, connection.anonKey, { global: { fetch: connection.fetch }, auth: { persistSession: false, autoRefreshToken: false } });
    expect((await client.auth.signInWithOtp({ phone })).error).toBeNull();
    const verified = await client.auth.verifyOtp({ phone, token: await phoneCode(phone), type: "sms" });
    expect(verified.error).toBeNull();
    return { id: data.user.id, cookie: await cookieHeader(verified.data.session!) };
  }

  it("re-authenticates by an SMS code once the sign-in is no longer fresh: a wrong code or another person's code is refused", async () => {
    const grace = await phonePerson("+8613800000031");
    const henry = await phonePerson("+8613800000032");
    await (await getDatabase()).insert(db.notes).values({ userId: grace.id, title: "格蕾丝的笔记" });
    // Eleven minutes on: the sign-in no longer counts by itself.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 60_000 });
    try {
      const stale = await call(deletionRoute.POST, "POST", "/api/account/deletion", grace.cookie, { confirm: "注销" });
      expect(stale.status).toBe(403);

      const sent = await call(deletionCodeRoute.POST, "POST", "/api/account/deletion/code", grace.cookie);
      expect(sent.status).toBe(200);
      expect(await sent.json()).toEqual({ channel: "sms", to: "138****0031" });
      const code = await phoneCode("+8613800000031");

      // Henry's own code does not delete Grace, nor does Grace's code delete Henry.
      await call(deletionCodeRoute.POST, "POST", "/api/account/deletion/code", henry.cookie);
      const henryCode = await phoneCode("+8613800000032");
      const crossed = await call(deletionRoute.POST, "POST", "/api/account/deletion", henry.cookie, { confirm: "注销", code });
      expect(crossed.status).toBe(403);
      expect(await crossed.json()).toEqual({ statusCode: 403, message: "验证码不正确或已过期" });
      const wrong = await call(deletionRoute.POST, "POST", "/api/account/deletion", grace.cookie, { confirm: "注销", code: code === "000000" ? "111111" : "000000" });
      expect(wrong.status).toBe(403);
      expect((await service.auth.admin.getUserById(grace.id)).data.user?.id).toBe(grace.id);
      expect((await service.auth.admin.getUserById(henry.id)).data.user?.id).toBe(henry.id);
      expect(henryCode).toMatch(/^\d{6}$/);

      // A wrong attempt spent nothing the auth service would not allow again: a fresh code goes through.
      await call(deletionCodeRoute.POST, "POST", "/api/account/deletion/code", grace.cookie);
      const deleted = await call(deletionRoute.POST, "POST", "/api/account/deletion", grace.cookie, { confirm: "注销", code: await phoneCode("+8613800000031") });
      expect(deleted.status).toBe(200);
      expect(await deleted.json()).toEqual({ deleted: true });
    } finally {
      vi.useRealTimers();
    }
    expect((await service.auth.admin.getUserById(grace.id)).data.user).toBeNull();
    expect(await (await getDatabase()).select().from(db.notes).where(eq(db.notes.userId, grace.id))).toEqual([]);
  });

  it("refuses to send a code without a session", async () => {
    expect((await call(deletionCodeRoute.POST, "POST", "/api/account/deletion/code")).status).toBe(401);
  });
});

describe("下载我的数据 for a large account", () => {
  const download = (link: string, cookie?: string) => {
    const id = new URL(link).pathname.split("/").pop()!;
    return call((request) => mailedExportRoute.GET(request, { params: Promise.resolve({ id }) }), "GET", new URL(link).pathname + new URL(link).search, cookie);
  };
  async function mailedLink(email: string): Promise<string> {
    for (let tries = 0; tries < 200; tries += 1) {
      const [mail] = await (await getDatabase()).select().from(db.outboxMessages).where(eq(db.outboxMessages.recipient, email)).orderBy(desc(db.outboxMessages.createdAt)).limit(1);
      if (mail?.kind === "personal_data_export" && mail.link) return mail.link;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no export mail to ${email}`);
  }

  it("is built in the background and mailed as a signed link that only its owner can open, until it expires", async () => {
    const ivy = await person();
    await (await getDatabase()).insert(db.notes).values(Array.from({ length: 5 }, (_, index) => ({ userId: ivy.id, title: `艾薇的笔记 ${index + 1}` })));
    const response = await call(exportRoute.GET, "GET", "/api/account/data-export", ivy.cookie);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ background: true, mailedTo: expect.stringMatching(/^p\*\*\*@example\.com$/) });
    const link = await mailedLink(ivy.email);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/account\/data-export\/[0-9a-f-]{36}\?expires=\d+&sig=/);

    const own = await download(link, ivy.cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await own.arrayBuffer()));
    expect(Object.values(files).map((bytes) => strFromU8(bytes)).join("\n")).toContain("艾薇的笔记 5");

    // Another user's session, a changed signature or end, no session: nothing.
    expect((await download(link, bob.cookie)).status).toBe(404);
    const forged = new URL(link);
    forged.searchParams.set("sig", `${forged.searchParams.get("sig")!.slice(0, -2)}AA`);
    expect((await download(forged.toString(), ivy.cookie)).status).toBe(404);
    const extended = new URL(link);
    extended.searchParams.set("expires", String(Number(extended.searchParams.get("expires")) + 86_400_000));
    expect((await download(extended.toString(), ivy.cookie)).status).toBe(404);
    expect((await download(link)).status).toBe(401);

    // A link whose time is up (signed right, for its owner) is refused as expired.
    const id = new URL(link).pathname.split("/").pop()!;
    const expired = exportLink("http://localhost:3000", connection.serviceRoleKey, { id, userId: ivy.id, expiresAt: new Date(Date.now() - 1000) });
    const late = await download(expired, ivy.cookie);
    expect(late.status).toBe(410);
    expect(await late.json()).toEqual({ statusCode: 410, message: "下载链接已过期，请重新申请下载我的数据" });
  });
});
