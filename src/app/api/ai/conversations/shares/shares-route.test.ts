import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../../test/embedded-app-env";

// The real share routes and the public page's look-up against the embedded demo chat app on a
// throwaway embedded database. Only "who is signed in" and the owner's account state are stubbed.
const dataDir = stubEmbeddedAppEnv("shares-route", { DIFY_API_URL: "", AI_APPS_CONFIG: "", DIFY_DEMO_PACE_MS: "1" });
const alice = randomUUID();
const bob = randomUUID();
let signedIn: string = alice;
vi.mock("@/features/auth/server", () => ({
  MFA_REQUIRED_MESSAGE: "请先完成两步验证",
  requireCurrentUserId: async () => signedIn,
  resolveSignedInUser: async () => ({ state: "ok", userId: signedIn }),
}));
// The owner's account as the auth service would report it (share-owner.test.ts covers the real check).
const ownerStates = new Map<string, "active" | "hidden" | "gone">();
vi.mock("@/features/conversation-share/server/share-owner", () => ({
  shareOwnerState: async (userId: string) => ownerStates.get(userId) ?? "active",
}));

const sharesRoute = await import("./route");
const shareRoute = await import("./[id]/route");
const difyRoute = await import("../../dify/[...path]/route");
const { conversationShares, closeDatabase, getDatabase } = await import("@/lib/db");
const { getAiProxy } = await import("@/features/ai-call/server");
const { loadSharedConversation } = await import("@/features/conversation-share/server");

afterAll(async () => {
  await getAiProxy().idle();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const base = "http://localhost:3000/api/ai";
const json = (body: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

async function chat(user: string, query: string, conversationId?: string): Promise<string> {
  signedIn = user;
  const body = { query, inputs: {}, response_mode: "blocking", ...(conversationId ? { conversation_id: conversationId } : {}) };
  const response = await difyRoute.POST(new Request(`${base}/dify/chat-messages?appid=demo-chat`, { method: "POST", ...json(body) }), { params: Promise.resolve({ path: ["chat-messages"] }) });
  expect(response.status, await response.clone().text()).toBe(200);
  const { conversation_id } = (await response.json()) as { conversation_id: string };
  // The call's quota reservation is settled after the answer: let it go before the next call.
  await getAiProxy().idle();
  return conversation_id;
}

type Share = { id: string; url: string; conversation_id: string; title: string; message_count: number; created_at: string };
const share = (body: unknown) => sharesRoute.POST(new Request(`${base}/conversations/shares`, { method: "POST", ...json(body) }));
const list = async (query = "appid=demo-chat") => ((await (await sharesRoute.GET(new Request(`${base}/conversations/shares?${query}`))).json()) as { data: Share[] }).data;
const stop = (id: string) => shareRoute.DELETE(new Request(`${base}/conversations/shares/${id}`, { method: "DELETE" }), { params: Promise.resolve({ id }) });
const tokenOf = (url: string) => new URL(url).pathname.split("/").at(-1)!;

let alices = "";
let bobs = "";

beforeAll(async () => {
  alices = await chat(alice, "聊聊 Lisbon 的电车");
  bobs = await chat(bob, "Lisbon 私人行程");
  signedIn = alice;
}, 60_000);

describe("POST /api/ai/conversations/shares", () => {
  it("shares the user's own conversation as a snapshot with an unguessable link", async () => {
    signedIn = alice;
    const response = await share({ appid: "demo-chat", conversation_id: alices });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = (await response.json()) as Share;
    expect(body.url).toMatch(/^http:\/\/localhost:3000\/share\/[A-Za-z0-9_-]{32}$/);
    expect(body).toMatchObject({ conversation_id: alices, message_count: 1 });
    expect(body.title).not.toBe("");
    const shared = await loadSharedConversation(tokenOf(body.url));
    expect(shared).toMatchObject({ appName: "火花助手", title: body.title });
    expect(shared!.messages).toEqual([{ query: "聊聊 Lisbon 的电车", answer: expect.any(String), created_at: expect.any(Number) }]);
    // Only safe fields are stored: no user or message ids, no files.
    const [row] = await (await getDatabase()).select().from(conversationShares).where(eq(conversationShares.id, body.id));
    expect(JSON.stringify(row!.snapshot)).not.toContain(alice);
    expect(Object.keys(row!.snapshot[0]!).sort()).toEqual(["answer", "created_at", "query"]);
  });

  it("answers another user's or an unknown conversation with 404 and stores nothing", async () => {
    signedIn = alice;
    for (const id of [bobs, randomUUID()]) {
      const response = await share({ appid: "demo-chat", conversation_id: id });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ statusCode: 404, message: "对话不存在或已被删除" });
    }
    const rows = await (await getDatabase()).select().from(conversationShares);
    expect(rows.map((row) => row.conversationId)).not.toContain(bobs);
  });

  it("validates the body with 400 {statusCode, message}, and refuses non-JSON with 415", async () => {
    signedIn = alice;
    for (const [body, message] of [
      [{ appid: "demo-chat" }, /对话 ID/],
      [{ appid: "demo-chat", conversation_id: "../etc" }, /对话 ID 格式不正确/],
      [{ appid: "../x", conversation_id: alices }, /应用 ID/],
      [{ conversation_id: alices }, /应用 ID/],
    ] as const) {
      const response = await share(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(message) });
    }
    const form = await sharesRoute.POST(new Request(`${base}/conversations/shares`, { method: "POST", body: `appid=demo-chat&conversation_id=${alices}` }));
    expect(form.status).toBe(415);
  });

  it("answers an unknown app with 404", async () => {
    signedIn = alice;
    const response = await share({ appid: "no-such-app", conversation_id: alices });
    expect(response.status).toBe(404);
  });

  it("holds one user to 10 new links a minute; others are not held back", async () => {
    signedIn = randomUUID();
    const statuses: number[] = [];
    // Refused conversations still count: the limit is checked before anything is read upstream.
    for (let index = 0; index < 11; index += 1) statuses.push((await share({ appid: "demo-chat", conversation_id: randomUUID() })).status);
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await (await share({ appid: "demo-chat", conversation_id: alices })).json()).toEqual({ statusCode: 429, message: "分享太频繁，请稍后再试" });
    signedIn = bob;
    expect((await share({ appid: "demo-chat", conversation_id: bobs })).status).toBe(201);
  });
});

describe("a shared snapshot", () => {
  it("does not change when the conversation goes on or is deleted", async () => {
    signedIn = alice;
    const conversation = await chat(alice, "第一个问题：Porto 有什么好吃的");
    const { url } = (await (await share({ appid: "demo-chat", conversation_id: conversation })).json()) as Share;
    await chat(alice, "分享之后的秘密问题", conversation);
    const shared = await loadSharedConversation(tokenOf(url));
    expect(shared!.messages.map((message) => message.query)).toEqual(["第一个问题：Porto 有什么好吃的"]);
    expect(JSON.stringify(shared)).not.toContain("秘密问题");

    const deleted = await difyRoute.DELETE(new Request(`${base}/dify/conversations/${conversation}?appid=demo-chat`, { method: "DELETE", ...json({}) }), {
      params: Promise.resolve({ path: ["conversations", conversation] }),
    });
    expect(deleted.ok).toBe(true);
    expect((await loadSharedConversation(tokenOf(url)))!.messages).toHaveLength(1);
  });

  it("answers nothing for unknown, malformed or forged tokens", async () => {
    for (const token of ["A".repeat(32), "short", "../../etc/passwd", `${"A".repeat(31)}=`, ""]) expect(await loadSharedConversation(token)).toBeUndefined();
  });

  it("is hidden while its owner is banned, and removed with every share of an owner whose account is gone", async () => {
    const owner = randomUUID();
    const conversation = await chat(owner, "Owner 的对话");
    const first = (await (await share({ appid: "demo-chat", conversation_id: conversation })).json()) as Share;
    const second = (await (await share({ appid: "demo-chat", conversation_id: conversation })).json()) as Share;
    ownerStates.set(owner, "hidden");
    expect(await loadSharedConversation(tokenOf(first.url))).toBeUndefined();
    ownerStates.set(owner, "active");
    expect(await loadSharedConversation(tokenOf(first.url))).toBeDefined();
    ownerStates.set(owner, "gone");
    expect(await loadSharedConversation(tokenOf(first.url))).toBeUndefined();
    const rows = await (await getDatabase()).select().from(conversationShares).where(eq(conversationShares.userId, owner));
    expect(rows).toEqual([]);
    ownerStates.set(owner, "active");
    expect(await loadSharedConversation(tokenOf(second.url))).toBeUndefined();
  });
});

describe("GET and DELETE /api/ai/conversations/shares", () => {
  it("lists only the signed-in user's live shares, optionally of one conversation", async () => {
    signedIn = alice;
    const mine = await list();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((item) => item.conversation_id !== bobs)).toBe(true);
    expect((await list(`appid=demo-chat&conversation_id=${alices}`)).map((item) => item.conversation_id)).toEqual([alices]);
    signedIn = bob;
    expect((await list()).map((item) => item.conversation_id)).toEqual([bobs]);
    const bad = await sharesRoute.GET(new Request(`${base}/conversations/shares`));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: 400, message: "缺少应用 ID" });
  });

  it("lets only the owner stop a share: others get 404; a stopped link is gone at once and its snapshot emptied", async () => {
    signedIn = alice;
    const [target] = await list(`appid=demo-chat&conversation_id=${alices}`);
    const token = tokenOf(target!.url);
    expect(await loadSharedConversation(token)).toBeDefined();

    signedIn = bob;
    const refused = await stop(target!.id);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ statusCode: 404, message: "分享不存在或已停止" });
    expect(await loadSharedConversation(token)).toBeDefined();

    signedIn = alice;
    expect((await stop(target!.id)).status).toBe(204);
    expect(await loadSharedConversation(token)).toBeUndefined();
    expect((await stop(target!.id)).status).toBe(404);
    expect((await list(`appid=demo-chat&conversation_id=${alices}`))).toEqual([]);
    const [row] = await (await getDatabase()).select().from(conversationShares).where(eq(conversationShares.id, target!.id));
    expect(row).toMatchObject({ snapshot: [], revokedAt: expect.any(Date) });

    for (const id of [randomUUID(), "not-a-uuid"]) expect((await stop(id)).status).toBe(id === "not-a-uuid" ? 400 : 404);
  });
});
