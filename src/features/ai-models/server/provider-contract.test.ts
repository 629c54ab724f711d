import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSse, type SseEvent } from "@/features/ai-apps/server/proxy/testing";
import { openDatabase } from "@/lib/db/open";
import { modelMessages } from "@/lib/db/schema/ai-models";
import type { DatabaseHandle } from "@/lib/db/types";
import { createModelAppServer, type ModelAppServer } from "./model-app-server";
import { modelAppSettingsSchema, type ModelApp } from "./settings";
import { startFakeProvider, type FakeProvider } from "./testing/fake-provider";

// Our model server against a local fake that speaks the chat-completions protocol exactly.
let handle: DatabaseHandle;
let fake: FakeProvider;
let server: ModelAppServer;
const user = randomUUID();

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
  fake = await startFakeProvider();
  server = createModelAppServer({ db: handle.db, embedded: () => Promise.reject(new Error("not used")) });
});
afterAll(async () => {
  await fake.close();
  await handle.close();
});

function appWith(overrides: Record<string, unknown> = {}): ModelApp {
  const settings = modelAppSettingsSchema.parse({
    provider: { baseUrl: fake.baseUrl, apiKey: "sk-good", headers: { "X-Tenant": "tenant-a" } },
    models: [{ id: "answer", vision: true }, ...["think-tags", "no-usage", "rate-limited", "overloaded", "too-long", "hang", "silent-after-start", "cut", "malformed"].map((id) => ({ id }))],
    systemPrompt: "你是测试助手。",
    temperature: 0.3,
    ...overrides,
  });
  return { appid: "fake-model", name: "测试模型", settings };
}

async function ask(app: ModelApp, model: string, extra: object = {}) {
  const request = new Request("http://models.invalid/chat-messages", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ query: "你好", user, response_mode: "streaming", model, auto_generate_name: false, ...extra }),
  });
  const response = await server.fetch(request, app);
  const { events } = parseSse(await response.text());
  const answer = events.filter((event) => event.event === "message").map((event) => event.answer as string).join("");
  const byType = (type: string) => events.find((event) => event.event === type) as SseEvent | undefined;
  return { events, answer, end: byType("message_end"), error: byType("error"), first: events[0]! };
}
const stored = async (id: string) => (await handle.db.select().from(modelMessages).where(eq(modelMessages.id, id)))[0]!;

describe("model server against an OpenAI-compatible provider", () => {
  it("streams reasoning_content and content, asks for usage in the stream and sends the app's prompt, settings and headers", async () => {
    const { answer, end } = await ask(appWith(), "answer");
    expect(answer).toBe("<think>\n想一下。\n</think>\n\n来自 tenant-a 的回答");
    expect(end!.metadata.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 7, total_tokens: 19, estimated: false, model: "answer" });
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe("Bearer sk-good");
    expect(sent.body).toMatchObject({ model: "answer", stream: true, stream_options: { include_usage: true }, temperature: 0.3 });
    expect(sent.body.messages).toEqual([
      { role: "system", content: "你是测试助手。" },
      { role: "user", content: "你好" },
    ]);
  });

  it("sends a remote image of a question as an image_url part", async () => {
    await ask(appWith(), "answer", { files: [{ type: "image", transfer_method: "remote_url", url: "https://img.example.com/cat.png" }] });
    expect(fake.requests.at(-1)!.body.messages).toEqual([
      { role: "system", content: "你是测试助手。" },
      { role: "user", content: [{ type: "text", text: "你好" }, { type: "image_url", image_url: { url: "https://img.example.com/cat.png" } }] },
    ]);
  });

  it("splits a leading <think> block out of the content, across chunk boundaries", async () => {
    const { answer, end } = await ask(appWith(), "think-tags");
    expect(answer).toBe("<think>\n先想一想\n</think>\n\n答案是 42");
    const row = await stored(end!.message_id);
    expect(row).toMatchObject({ reasoning: "先想一想", answer: "答案是 42" });
  });

  it("estimates usage when the provider sends none, and marks it", async () => {
    const { end } = await ask(appWith(), "no-usage");
    expect(end!.metadata.usage.estimated).toBe(true);
    expect(end!.metadata.usage.completion_tokens).toBe(7); // 7 CJK characters
    expect((await stored(end!.message_id)).usageEstimated).toBe(true);
  });

  it("says the configuration is wrong on a rejected key, without trying the fallback", async () => {
    const before = fake.requests.length;
    const app = appWith({ provider: { baseUrl: fake.baseUrl, apiKey: "sk-wrong" }, fallbackProvider: { baseUrl: `${fake.baseUrl.replace("/v1", "")}/healthy/v1`, apiKey: "sk-good" } });
    const { error, end } = await ask(app, "answer");
    expect(error).toMatchObject({ status: 502, code: "model_invalid_key" });
    expect(error!.message).toContain("模型服务配置有误");
    expect(end).toBeUndefined();
    expect(fake.requests.length - before).toBe(1);
  });

  it("tries the fallback provider on 429 and 5xx before the first byte", async () => {
    const fallbackProvider = { baseUrl: `${fake.baseUrl.replace("/v1", "")}/healthy/v1`, apiKey: "sk-good", headers: { "X-Tenant": "backup" } };
    for (const model of ["rate-limited", "overloaded"]) {
      const { answer, error } = await ask(appWith({ fallbackProvider }), model);
      expect(error).toBeUndefined();
      expect(answer).toContain("来自 backup 的回答");
    }
    const alone = await ask(appWith(), "rate-limited");
    expect(alone.error).toMatchObject({ status: 429, code: "model_rate_limited", message: "模型服务繁忙，请稍后再试。" });
  });

  it("tells the user to start a new conversation when the context is too long", async () => {
    const { error } = await ask(appWith(), "too-long");
    expect(error).toMatchObject({ status: 400, code: "model_context_length" });
    expect(error!.message).toContain("新建一个对话");
  });

  it("times out a provider that never answers, and one that goes silent midway (keeping what arrived)", async () => {
    const hung = await ask(appWith({ firstByteTimeoutMs: 300 }), "hang");
    expect(hung.error).toMatchObject({ status: 504, message: "模型服务响应超时，请稍后再试。" });
    const silent = await ask(appWith({ firstByteTimeoutMs: 300 }), "silent-after-start");
    expect(silent.answer).toBe("开始");
    expect(silent.end!.metadata.usage.estimated).toBe(true);
    expect(silent.error!.message).toContain("已经收到的部分");
    expect(await stored(silent.first.message_id)).toMatchObject({ answer: "开始", status: "error" });
  });

  it("keeps the part of a stream cut midway or broken by a malformed chunk, and says so", async () => {
    for (const [model, part] of [["cut", "前半段"], ["malformed", "好的"]] as const) {
      const { answer, error, first } = await ask(appWith(), model);
      expect(answer).toBe(part);
      expect(error).toMatchObject({ code: "model_interrupted" });
      expect((await stored(first.message_id)).answer).toBe(part);
    }
  });

  it("stops an answer when asked: the provider call is aborted and the part is kept", async () => {
    const app = appWith({ firstByteTimeoutMs: 30_000 });
    const request = new Request("http://models.invalid/chat-messages", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query: "你好", user, response_mode: "streaming", model: "silent-after-start", auto_generate_name: false }),
    });
    const response = await server.fetch(request, app);
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes('"answer":"开始"')) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`stream ended before the first answer: ${text}`);
      text += new TextDecoder().decode(value);
    }
    const taskId = parseSse(text).events[0]!.task_id as string;
    const stop = await server.fetch(new Request(`http://models.invalid/chat-messages/${taskId}/stop`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ user }) }), app);
    expect(await stop.json()).toEqual({ result: "success" });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const end = parseSse(text).events.find((event) => event.event === "message_end")!;
    expect(end).toBeDefined();
    expect(await stored(end.message_id)).toMatchObject({ answer: "开始", status: "stopped" });
  });
});
