import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { demoModelApp, type ConfiguredApp } from "@/features/ai-apps/server/config";
import { parseSse, startDemoProxy, type DemoProxyHarness, type SseEvent } from "@/features/ai-apps/server/proxy/testing";
import { modelMessages } from "@/lib/db/schema/ai-models";
import { modelAppSettingsSchema } from "../settings";
import { startFakeProvider, type FakeProvider } from "../testing/fake-provider";
import { registerSourceFinder, SourceRefused, type GroundingRequest, type GroundingSource } from "./sources";

// Sources through the real proxy (session → `user` overwrite) into a local fake provider that records
// what the model was sent. A test finder plays the knowledge / web features, one user's passages each.
let demo: DemoProxyHarness;
let fake: FakeProvider;
const alice = randomUUID();
const bob = randomUUID();
const asked: GroundingRequest[] = [];
let refuse = false;

const passageOf = (userId: string): GroundingSource => ({
  kind: "knowledge",
  datasetName: "我的知识库",
  documentName: `手册-${userId}`,
  content: `只属于 ${userId} 的资料：年假 15 天。`,
  segmentId: `chunk-${userId}`,
  page: 3,
  score: 0.9,
});

function fakeApp(appid: string, webSearch: boolean): ConfiguredApp {
  const settings = modelAppSettingsSchema.parse({ provider: { baseUrl: fake.baseUrl, apiKey: "sk-good" }, models: [{ id: "answer" }], systemPrompt: "你是测试助手。", webSearch });
  return { ...demoModelApp(), appid, name: appid, modelSettings: settings };
}

beforeAll(async () => {
  fake = await startFakeProvider();
  demo = await startDemoProxy({ apps: [fakeApp("grounded", true), fakeApp("no-web", false)] });
  registerSourceFinder("knowledge", async (request) => {
    asked.push(request);
    if (refuse) throw new SourceRefused("查得太频繁了，请稍后再试。", 429);
    return [passageOf(request.userId)];
  });
  registerSourceFinder("web", async (request) =>
    request.choices.webSearch ? [{ kind: "web", datasetName: "本站文档", documentName: "<b>网页</b>", content: "网页内容", segmentId: "javascript:alert(1)", url: "javascript:alert(1)", score: null }] : [],
  );
});
afterAll(async () => {
  registerSourceFinder("knowledge", async () => []);
  registerSourceFinder("web", async () => []);
  await demo.close();
  await fake.close();
});
beforeEach(() => {
  asked.length = 0;
  refuse = false;
});

function call(user: string, appid: string, method: string, path: string, options: { body?: unknown; query?: string } = {}) {
  return fetch(`${demo.baseUrl}/${path}?appid=${appid}${options.query ? `&${options.query}` : ""}`, {
    method,
    headers: { "x-test-user": user, ...(options.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}
async function streamChat(user: string, appid: string, body: object) {
  const response = await call(user, appid, "POST", "chat-messages", { body: { inputs: {}, response_mode: "streaming", ...body } });
  const { events } = parseSse(await response.text());
  return { events, end: events.find((event) => event.event === "message_end") as SseEvent };
}
/** The system messages of the answer's provider call (the `at`-th request; a title request may follow it). */
const systemSent = (at: number) => {
  const messages = fake.requests[at]!.body.messages as { role: string; content: string }[];
  return messages.filter((message) => message.role === "system").map((message) => message.content);
};

describe("a model app's answer with sources", () => {
  it("asks the finders as the signed-in user (never the body's `user`) and cites their passages", async () => {
    const answerCall = fake.requests.length;
    const { end } = await streamChat(alice, "grounded", { query: "年假有几天？", user: bob, knowledge_base_ids: [randomUUID()] });
    expect(asked.map((request) => request.userId)).toEqual([alice]);
    expect(asked[0]!.choices.knowledgeBaseIds).toHaveLength(1);
    // One system message: the app's prompt, then the numbered passages and the instruction to cite.
    const [system] = systemSent(answerCall);
    expect(systemSent(answerCall)).toHaveLength(1);
    expect(system).toMatch(/^你是测试助手。/);
    expect(system).toContain(`[1] 我的知识库 · 手册-${alice} · 第 3 页\n只属于 ${alice} 的资料`);
    expect(system).toContain("[1]、[2]");
    const resources = end.metadata.retriever_resources;
    expect(resources).toEqual([
      { position: 1, dataset_name: "我的知识库", document_name: `手册-${alice}`, segment_id: `chunk-${alice}`, score: 0.9, content: `只属于 ${alice} 的资料：年假 15 天。`, kind: "knowledge", page: 3 },
    ]);
    expect(JSON.stringify(end)).not.toContain(bob);
    // Kept with the message: GET messages shows them again, to its owner only.
    const history = await call(alice, "grounded", "GET", "messages", { query: `conversation_id=${end.conversation_id}` });
    expect(((await history.json()) as SseEvent).data[0].retriever_resources).toEqual(resources);
    expect((await call(bob, "grounded", "GET", "messages", { query: `conversation_id=${end.conversation_id}` })).status).toBe(404);
    const [row] = await demo.db.select().from(modelMessages).where(eq(modelMessages.id, end.message_id));
    expect(row!.sources[0]).toMatchObject({ position: 1, segmentId: `chunk-${alice}` });
  });

  it("passes web_search only for an app whose operator enabled it, and drops a non-http(s) address", async () => {
    const off = await streamChat(alice, "no-web", { query: "搜一下", web_search: true });
    expect(asked.at(-1)!.choices.webSearch).toBe(false);
    expect(off.end.metadata.retriever_resources.map((resource: SseEvent) => resource.kind)).toEqual(["knowledge"]);
    const on = await streamChat(alice, "grounded", { query: "搜一下", web_search: true });
    expect(asked.at(-1)!.choices.webSearch).toBe(true);
    const web = on.end.metadata.retriever_resources.find((resource: SseEvent) => resource.kind === "web");
    expect(web).toMatchObject({ document_name: "<b>网页</b>", position: 2 });
    expect(web).not.toHaveProperty("url");
  });

  it("answers a finder's refusal with its Chinese message and stores no message", async () => {
    refuse = true;
    const before = (await demo.db.select().from(modelMessages)).length;
    const response = await call(alice, "grounded", "POST", "chat-messages", { body: { inputs: {}, response_mode: "streaming", query: "再问一次" } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ message: "查得太频繁了，请稍后再试。" });
    expect((await demo.db.select().from(modelMessages)).length).toBe(before);
  });

  it("refuses malformed knowledge choices with a 400", async () => {
    const response = await call(alice, "grounded", "POST", "chat-messages", { body: { inputs: {}, response_mode: "blocking", query: "问", knowledge_base_ids: ["../other"] } });
    expect(response.status).toBe(400);
    expect(asked).toHaveLength(0);
  });
});
