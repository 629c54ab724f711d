import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// The real search and pin routes (and the Dify proxy route that deletes) against the embedded demo
// chat app on a throwaway embedded database. Only "who is signed in" is stubbed.
const dataDir = stubEmbeddedAppEnv("conversations-route", { DIFY_API_URL: "", AI_APPS_CONFIG: "", DIFY_DEMO_PACE_MS: "1" });
const alice = randomUUID();
const bob = randomUUID();
let signedIn: string = alice;
vi.mock("@/features/auth/server", () => ({
  MFA_REQUIRED_MESSAGE: "请先完成两步验证",
  requireCurrentUserId: async () => signedIn,
  resolveSignedInUser: async () => ({ state: "ok", userId: signedIn }),
}));

const searchRoute = await import("./search/route");
const pinsRoute = await import("./pins/route");
const difyRoute = await import("../dify/[...path]/route");
const { aiConversationPins, closeDatabase, getDatabase } = await import("@/lib/db");
const { getAiProxy } = await import("@/features/ai-call/server");

afterAll(async () => {
  await getAiProxy().idle();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const base = "http://localhost:3000/api/ai";
const json = (body: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

async function chat(user: string, query: string): Promise<string> {
  signedIn = user;
  const request = new Request(`${base}/dify/chat-messages?appid=demo-chat`, { method: "POST", ...json({ query, inputs: {}, response_mode: "blocking" }) });
  const response = await difyRoute.POST(request, { params: Promise.resolve({ path: ["chat-messages"] }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { conversation_id: string }).conversation_id;
}

const search = (q: string, appid = "demo-chat") => searchRoute.GET(new Request(`${base}/conversations/search?${new URLSearchParams({ appid, q })}`));
const pins = async () => ((await (await pinsRoute.GET(new Request(`${base}/conversations/pins?appid=demo-chat`))).json()) as { data: { conversationId: string }[] }).data.map((pin) => pin.conversationId);
const pin = (conversationId: string) => pinsRoute.PUT(new Request(`${base}/conversations/pins`, { method: "PUT", ...json({ appid: "demo-chat", conversationId }) }));
const unpin = (conversationId: string) => pinsRoute.DELETE(new Request(`${base}/conversations/pins`, { method: "DELETE", ...json({ appid: "demo-chat", conversationId }) }));

let aliceFirst = "";
let aliceSecond = "";
let bobs = "";

beforeAll(async () => {
  aliceFirst = await chat(alice, "聊聊 Kyoto 的秋天");
  aliceSecond = await chat(alice, "推荐一本书");
  bobs = await chat(bob, "Kyoto 私人行程");
  signedIn = alice;
}, 60_000);

describe("GET /api/ai/conversations/search", () => {
  it("answers the signed-in user's matches only", async () => {
    signedIn = alice;
    const response = await search("kyoto");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { data } = (await response.json()) as { data: { id: string; snippet: string }[] };
    expect(data.map((hit) => hit.id)).toEqual([aliceFirst]);
    expect(JSON.stringify(data)).not.toContain(bobs);
    expect(JSON.stringify(data)).not.toContain("私人行程");
  });

  it("refuses bad queries with 400 and a Chinese message", async () => {
    signedIn = alice;
    for (const [q, message] of [["", /请输入搜索内容/], ["   ", /请输入搜索内容/], ["x".repeat(101), /最多 100 个字符/]] as const) {
      const response = await search(q);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(message) });
    }
    const badApp = await search("kyoto", "../x");
    expect(badApp.status).toBe(400);
    expect(((await badApp.json()) as { message: string }).message).toMatch(/应用 ID/);
  });

  it("holds one user to 30 searches a minute (each reads many upstream pages); others are not held back", async () => {
    signedIn = randomUUID();
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) statuses.push((await search("没有这个词")).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(await (await search("没有这个词")).json()).toEqual({ statusCode: 429, message: "搜索太频繁，请稍后再试" });
    signedIn = alice;
    expect((await search("没有这个词")).status).toBe(200);
  });
});

describe("a search the browser gave up on", () => {
  it("stops reading upstream and answers no error body", async () => {
    signedIn = alice;
    const controller = new AbortController();
    controller.abort();
    const response = await searchRoute.GET(new Request(`${base}/conversations/search?appid=demo-chat&q=kyoto`, { signal: controller.signal }));
    expect(response.status).toBe(499);
  });
});

describe("/api/ai/conversations/pins", () => {
  it("pins the user's conversations, lists the latest pin first, and unpins", async () => {
    signedIn = alice;
    expect(await pins()).toEqual([]);
    expect((await pin(aliceFirst)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await pin(aliceSecond)).status).toBe(200);
    expect((await pin(aliceFirst)).status).toBe(200); // a repeat keeps the first time
    expect(await pins()).toEqual([aliceSecond, aliceFirst]);
    expect((await unpin(aliceSecond)).status).toBe(204);
    expect((await unpin(aliceSecond)).status).toBe(204);
    expect(await pins()).toEqual([aliceFirst]);
  });

  it("refuses another user's or an unknown conversation with 404 and stores nothing", async () => {
    signedIn = alice;
    for (const id of [bobs, randomUUID()]) {
      const response = await pin(id);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ statusCode: 404, message: "对话不存在或已被删除" });
    }
    const rows = await (await getDatabase()).select().from(aiConversationPins);
    expect(rows.map((row) => row.conversationId)).not.toContain(bobs);
  });

  it("keeps pins per user: another user sees none and cannot unpin them", async () => {
    signedIn = bob;
    expect(await pins()).toEqual([]);
    expect((await unpin(aliceFirst)).status).toBe(204);
    signedIn = alice;
    expect(await pins()).toEqual([aliceFirst]);
  });

  it("validates the body", async () => {
    signedIn = alice;
    const response = await pinsRoute.PUT(new Request(`${base}/conversations/pins`, { method: "PUT", ...json({ appid: "demo-chat", conversationId: "a/b" }) }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/对话 ID/);
    const form = await pinsRoute.PUT(new Request(`${base}/conversations/pins`, { method: "PUT", body: "appid=demo-chat" }));
    expect(form.status).toBe(415);
  });

  it("answers each pin with its conversation's title, and drops pins whose conversation is gone elsewhere", async () => {
    signedIn = alice;
    const db = await getDatabase();
    // A pin whose conversation was deleted outside our proxy (e.g. in Dify's console).
    const orphan = randomUUID();
    await db.insert(aiConversationPins).values({ userId: alice, appid: "demo-chat", conversationId: orphan });
    const response = await pinsRoute.GET(new Request(`${base}/conversations/pins?appid=demo-chat`));
    const { data } = (await response.json()) as { data: { conversationId: string; name?: string }[] };
    expect(data).toEqual([expect.objectContaining({ conversationId: aliceFirst, name: expect.any(String) })]);
    expect(data[0]!.name).not.toBe("");
    const rows = await db.select().from(aiConversationPins);
    expect(rows.map((row) => row.conversationId)).not.toContain(orphan);
  });

  it("removes the pin when the conversation is deleted", async () => {
    signedIn = alice;
    expect(await pins()).toEqual([aliceFirst]);
    const request = new Request(`${base}/dify/conversations/${aliceFirst}?appid=demo-chat`, { method: "DELETE", ...json({}) });
    const response = await difyRoute.DELETE(request, { params: Promise.resolve({ path: ["conversations", aliceFirst] }) });
    expect(response.ok).toBe(true);
    expect(await pins()).toEqual([]);
  });
});
