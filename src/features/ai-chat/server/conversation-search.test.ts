import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoModelApp, demoRegistryApps } from "@/features/ai-apps/server/config";
import { seedAppRegistry } from "@/features/ai-apps/server/registry";
import { startDemoProxy, type DemoProxyHarness } from "@/features/ai-apps/server/proxy/testing";
import { ApiRouteError } from "@/lib/api";
import { searchConversations, snippetAround } from "./conversation-search";
import { assertOwnConversation } from "./own-conversation";
import { userDifyReader } from "./user-dify-reader";

// The search against the demo chat app behind a real proxy: alice and bob each chat, then search.
let harness: DemoProxyHarness;
const alice = randomUUID();
const bob = randomUUID();

async function chat(user: string, query: string): Promise<{ conversation_id: string; answer: string }> {
  const response = await fetch(`${harness.baseUrl}/chat-messages?appid=demo-chat`, {
    method: "POST",
    headers: { "x-test-user": user, "Content-Type": "application/json" },
    body: JSON.stringify({ query, inputs: {}, response_mode: "blocking" }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { conversation_id: string; answer: string };
}

const search = (user: string, query: string) => searchConversations(userDifyReader(harness.proxy, user, "demo-chat"), query);

let aliceTrip: { conversation_id: string; answer: string };
let bobSecret: { conversation_id: string; answer: string };

beforeAll(async () => {
  harness = await startDemoProxy();
  aliceTrip = await chat(alice, "我想去 Mars 旅行");
  await chat(alice, "今天的天气");
  bobSecret = await chat(bob, "Mars 基地的秘密计划");
}, 60_000);
afterAll(() => harness.close());

describe("searchConversations", () => {
  it("finds the user's conversation by a question's text, case-insensitively, with a snippet", async () => {
    const hits = await search(alice, "mars");
    expect(hits.map((hit) => hit.id)).toEqual([aliceTrip.conversation_id]);
    expect(hits[0]!.snippet).toMatch(/Mars/);
  });

  it("finds a conversation by a word of its answer", async () => {
    const word = aliceTrip.answer.replace(/\s+/g, " ").slice(10, 16);
    const hits = await search(alice, word);
    expect(hits.map((hit) => hit.id)).toContain(aliceTrip.conversation_id);
  });

  it("never lists or matches another user's conversation", async () => {
    const hits = await search(alice, "秘密计划");
    expect(hits).toEqual([]);
    expect((await search(bob, "Mars")).map((hit) => hit.id)).toEqual([bobSecret.conversation_id]);
    expect(JSON.stringify(await search(alice, "Mars"))).not.toContain(bobSecret.conversation_id);
  });

  it("treats the query as text, not a pattern", async () => {
    expect(await search(alice, ".*")).toEqual([]);
  });
});

describe("assertOwnConversation", () => {
  it("passes for the user's conversation and answers 404 for another's or an unknown one", async () => {
    await assertOwnConversation(userDifyReader(harness.proxy, alice, "demo-chat"), aliceTrip.conversation_id);
    for (const id of [bobSecret.conversation_id, randomUUID()]) {
      const error = await assertOwnConversation(userDifyReader(harness.proxy, alice, "demo-chat"), id).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiRouteError);
      expect(error).toMatchObject({ statusCode: 404 });
    }
  });
});

describe("snippetAround", () => {
  it("cuts long text around the match and marks the cuts", () => {
    const text = `${"甲".repeat(50)}关键词${"乙".repeat(50)}`;
    const snippet = snippetAround(text, /关键词/iu)!;
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("关键词");
    expect(snippetAround("无关", /关键词/iu)).toBeNull();
  });
});

describe("model apps (same Dify app API, conversations of our own)", () => {
  it("are searched and ownership-checked per user too", async () => {
    // The demo harness seeds the Dify demo apps only; the model app joins them here.
    await seedAppRegistry(harness.db, [...demoRegistryApps(), demoModelApp()]);
    const ask = async (user: string, query: string) => {
      const response = await fetch(`${harness.baseUrl}/chat-messages?appid=demo-model`, {
        method: "POST",
        headers: { "x-test-user": user, "Content-Type": "application/json" },
        body: JSON.stringify({ query, inputs: {}, response_mode: "streaming" }),
      });
      const text = await response.text();
      return /"conversation_id":\s*"([^"]+)"/.exec(text)![1]!;
    };
    const mine = await ask(alice, "Zebra 的条纹");
    const theirs = await ask(bob, "Zebra 的秘密");
    const hits = await searchConversations(userDifyReader(harness.proxy, alice, "demo-model"), "zebra");
    expect(hits.map((hit) => hit.id)).toEqual([mine]);
    await assertOwnConversation(userDifyReader(harness.proxy, alice, "demo-model"), mine);
    await expect(assertOwnConversation(userDifyReader(harness.proxy, alice, "demo-model"), theirs)).rejects.toMatchObject({ statusCode: 404 });
  }, 30_000);
});
