// First: the request scope sets up what `next start` has before anything of Next.js loads.
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import OpenAI from "openai";
import { openAiFailure } from "../../../test/openai-failure";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../test/embedded-app-env";

// The real /v1 routes with the official `openai` client, on an embedded installation: users in the
// embedded auth service, keys made by the repository the dashboard uses, answers from the demo apps
// through the site's AI proxy (quota, usage rows, user scoping). What an attacker would try is here
// too: revoked, expired and foreign keys, other users' conversations, floods and huge bodies.
const dataDir = stubEmbeddedAppEnv("developer-api", {
  SESSION_CHECK_CACHE_MS: "0",
  DIFY_DEMO_PACE_MS: "0",
  API_KEY_RATE_LIMIT: "40/60",
});

const modelsRoute = await import("./models/route");
const unknownRoute = await import("./[...path]/route");
const completionsRoute = await import("./chat/completions/route");
const { getSupabaseConnection } = await import("@/lib/supabase/connection");
const { aiUsageEvents, apiKeys, closeDatabase, getDatabase } = await import("@/lib/db");
const { createApiKey, revokeApiKey } = await import("@/features/api-keys/server");
const { getAiProxy } = await import("@/features/ai-call/server");
const { eq } = await import("drizzle-orm");

const BASE = "http://localhost:3000/v1";
let admin: SupabaseClient;

/** Calls the route handlers in-process, as `next start` would route them. */
const routeFetch: typeof fetch = async (input, init) => {
  const request = new Request(input instanceof Request ? input : String(input), init);
  const path = new URL(request.url).pathname;
  if (path === "/v1/models") return callRouteHandler(modelsRoute.GET, request);
  if (path === "/v1/chat/completions") return callRouteHandler(completionsRoute.POST, request);
  return new Response("not found", { status: 404 });
};
const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: BASE, fetch: routeFetch, maxRetries: 0 });
const rawCall = (headers: Record<string, string>, body: string) => routeFetch(`${BASE}/chat/completions`, { method: "POST", headers, body });

async function newUser(): Promise<string> {
  const { data, error } = await admin.auth.admin.createUser({ email: `${randomUUID()}@example.com`, password: "secret-password-1", email_confirm: true });
  if (error) throw error;
  return data.user.id;
}
async function newKey(userId: string, input: Parameters<typeof createApiKey>[2] = { name: "测试" }) {
  return createApiKey(await getDatabase(), userId, input);
}
let alice: string;
let aliceKey: { key: { id: string }; secret: string };

beforeAll(async () => {
  const connection = await getSupabaseConnection();
  admin = createClient(connection.url, connection.serviceRoleKey, {
    global: { fetch: connection.fetch },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  alice = await newUser();
  aliceKey = await newKey(alice);
});
afterAll(async () => {
  await getAiProxy().idle();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});


describe("GET /v1/models", () => {
  it("lists every app as a model, and each model of a model app as appid/model", async () => {
    const ids = [];
    for await (const model of client(aliceKey.secret).models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(["demo-chat", "demo-completion", "demo-workflow", "demo-model", "demo-model/spark-swift", "demo-model/spark-reasoner"]));
  });

  it("lists only the apps a restricted key may use", async () => {
    const restricted = await newKey(alice, { name: "只用聊天", allowedApps: ["demo-chat"] });
    const ids = [];
    for await (const model of client(restricted.secret).models.list()) ids.push(model.id);
    expect(ids).toEqual(["demo-chat"]);
  });
});

describe("POST /v1/chat/completions on a model app", () => {
  it("answers with usage filled in and records the call under the key", async () => {
    const completion = await client(aliceKey.secret).chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "列出 3 个提高专注力的方法" }] });
    const answer = completion.choices[0]!.message.content ?? "";
    expect(answer).toContain("提高专注力的方法");
    expect(completion.usage!.prompt_tokens).toBeGreaterThan(0);
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);
    await getAiProxy().idle();
    const rows = await (await getDatabase()).select().from(aiUsageEvents).where(eq(aiUsageEvents.apiKeyId, aliceKey.key.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: alice, appid: "demo-model", model: "spark-swift", promptTokens: completion.usage!.prompt_tokens });
  });

  it("streams the reasoner's thinking as reasoning_content, then the answer and the usage", async () => {
    const stream = await client(aliceKey.secret).chat.completions.create({
      model: "demo-model/spark-reasoner",
      messages: [{ role: "system", content: "回答要简短" }, { role: "user", content: "如何规划一次周末短途旅行？" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let reasoning = "";
    let content = "";
    let usage: OpenAI.CompletionUsage | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as { content?: string; reasoning_content?: string } | undefined;
      reasoning += delta?.reasoning_content ?? "";
      content += delta?.content ?? "";
      finish ??= chunk.choices[0]?.finish_reason;
      usage ??= chunk.usage ?? undefined;
    }
    expect(reasoning.trim().length).toBeGreaterThan(0);
    expect(content).not.toContain("<think>");
    expect(content.trim().length).toBeGreaterThan(0);
    expect(finish).toBe("stop");
    expect(usage!.completion_tokens).toBeGreaterThan(0);
  });

  it("sends the whole conversation it is given (the caller keeps the history, nothing is stored)", async () => {
    const completion = await client(aliceKey.secret).chat.completions.create({
      model: "demo-model",
      messages: [
        { role: "user", content: "写一段 60 字的自我介绍" },
        { role: "assistant", content: "我是火花。" },
        { role: "user", content: [{ type: "text", text: "列出 2 个提高专注力的方法" }] },
      ],
    });
    expect(completion.choices[0]!.message.content).toContain("提高专注力的方法");
  });
});

describe("POST /v1/chat/completions on Dify apps", () => {
  it("keeps a Dify chat's conversation when the client sends back its conversation_id", async () => {
    const openai = client(aliceKey.secret);
    const first = (await openai.chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "你好" }] })) as OpenAI.ChatCompletion & { conversation_id?: string };
    expect(first.choices[0]!.message.content!.length).toBeGreaterThan(0);
    expect(first.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
    const stream = await openai.chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "再说一遍" }], stream: true, conversation_id: first.conversation_id } as OpenAI.ChatCompletionCreateParamsStreaming);
    const ids = new Set<string>();
    let text = "";
    for await (const chunk of stream) {
      ids.add((chunk as { conversation_id?: string }).conversation_id ?? "");
      text += chunk.choices[0]?.delta.content ?? "";
    }
    expect(text.length).toBeGreaterThan(0);
    expect([...ids]).toEqual([first.conversation_id]);
    const messages = await getAiProxy().handle(new Request(`http://localhost/api/ai/dify/messages?appid=demo-chat&conversation_id=${first.conversation_id}`), { path: ["messages"], userId: alice });
    expect(((await messages.json()) as { data: unknown[] }).data).toHaveLength(2);
  });

  it("answers from an agent app without asking it for a blocking answer (Dify's agents only stream)", async () => {
    const completion = await client(aliceKey.secret).chat.completions.create({ model: "demo-agent", messages: [{ role: "user", content: "一年有多少个小时？" }] });
    expect(completion.choices[0]!.message.content).toContain("365 * 24 = 8760");
    expect(completion.usage!.completion_tokens).toBeGreaterThan(0);
  });

  it("answers a chatflow with only its text: the workflow and node events are left out", async () => {
    const openai = client(aliceKey.secret);
    const stream = await openai.chat.completions.create({ model: "demo-chatflow", messages: [{ role: "user", content: "思维火花能做什么？" }], stream: true });
    let text = "";
    const deltas: Record<string, unknown>[] = [];
    let conversationId = "";
    for await (const chunk of stream) {
      conversationId ||= (chunk as { conversation_id?: string }).conversation_id ?? "";
      const delta = chunk.choices[0]?.delta;
      if (delta) deltas.push(delta as Record<string, unknown>);
      text += delta?.content ?? "";
    }
    expect(text).toContain("思维火花帮助中心");
    for (const delta of deltas) expect(Object.keys(delta).every((key) => ["role", "content", "refusal"].includes(key))).toBe(true);
    expect(JSON.stringify(deltas)).not.toMatch(/知识检索|workflow_run_id|node_id/);
    // Exactly the stored answer: nothing of the node events slipped into the text.
    const messages = await getAiProxy().handle(new Request(`http://localhost/api/ai/dify/messages?appid=demo-chatflow&conversation_id=${conversationId}`), { path: ["messages"], userId: alice });
    expect(((await messages.json()) as { data: { answer: string }[] }).data[0]!.answer).toBe(text);
    const blocking = await openai.chat.completions.create({ model: "demo-chatflow", messages: [{ role: "user", content: "思维火花能做什么？" }] });
    expect(blocking.choices[0]!.message.content).toBe(text);
  });

  it("never reaches another user's conversation", async () => {
    const first = (await client(aliceKey.secret).chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "我的秘密" }] })) as OpenAI.ChatCompletion & { conversation_id: string };
    const mallory = await newUser();
    const malloryKey = await newKey(mallory);
    const error = await openAiFailure(
      client(malloryKey.secret).chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "上一条说了什么？" }] }, { headers: { "X-Conversation-Id": first.conversation_id } }),
    );
    expect(error.status).toBe(404);
    expect(error.code).toBe("conversation_not_found");
  });

  it("runs a workflow with the last user message as its first text input (the form's defaults for the rest)", async () => {
    const completion = await client(aliceKey.secret).chat.completions.create({ model: "demo-workflow", messages: [{ role: "user", content: "人工智能的发展" }] });
    expect(completion.choices[0]!.message.content).toContain("人工智能的发展");
    expect(completion.usage!.total_tokens).toBeGreaterThan(0);
    const stream = await client(aliceKey.secret).chat.completions.create({
      model: "demo-workflow",
      messages: [{ role: "user", content: "忽略" }],
      inputs: { topic: "远程办公", audience: "学生" },
      stream: true,
    } as OpenAI.ChatCompletionCreateParamsStreaming);
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
    expect(text).toContain("远程办公");
    expect(text).not.toContain("忽略");
  });

  it("writes with a completion app", async () => {
    const completion = await client(aliceKey.secret).chat.completions.create({ model: "demo-completion", messages: [{ role: "user", content: "为咖啡店写一句欢迎语" }] });
    expect(completion.choices[0]!.message.content!.length).toBeGreaterThan(0);
  });
});

describe("refusals", () => {
  it("401 invalid_api_key without a key, with a made-up one, a revoked one or an expired one", async () => {
    const missing = await routeFetch(`${BASE}/models`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: { code: "invalid_api_key", type: "invalid_request_error" }, statusCode: 401 });
    expect((await openAiFailure(client(`sk-${"A".repeat(40)}`).models.list())).code).toBe("invalid_api_key");
    const revoked = await newKey(alice);
    expect(await revokeApiKey(await getDatabase(), alice, revoked.key.id)).toBe(true);
    const error = await openAiFailure(client(revoked.secret).chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "你好" }] }));
    expect([error.status, error.code]).toEqual([401, "invalid_api_key"]);
    const expired = await newKey(alice);
    await (await getDatabase()).update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, expired.key.id));
    expect((await openAiFailure(client(expired.secret).models.list())).code).toBe("invalid_api_key");
  });

  it("stops the keys of a banned or deleted user at once", async () => {
    const banned = await newUser();
    const bannedKey = await newKey(banned);
    await client(bannedKey.secret).models.list();
    expect((await admin.auth.admin.updateUserById(banned, { ban_duration: "24h" })).error).toBeNull();
    const refused = await openAiFailure(client(bannedKey.secret).models.list());
    // Told why and until when, in OpenAI's shape.
    expect([refused.status, refused.code, refused.type]).toEqual([403, "user_banned", "permission_error"]);
    expect(refused.message).toMatch(/已被暂停使用至 .+（北京时间）/);
    const deleted = await newUser();
    const deletedKey = await newKey(deleted);
    expect((await admin.auth.admin.deleteUser(deleted)).error).toBeNull();
    expect((await openAiFailure(client(deletedKey.secret).models.list())).code).toBe("invalid_api_key");
  });

  it("404 model_not_found for an unknown model or an app the key may not use", async () => {
    const restricted = await newKey(alice, { name: "只用模型", allowedApps: ["demo-model"] });
    const error = await openAiFailure(client(restricted.secret).chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "你好" }] }));
    expect([error.status, error.code, error.param]).toEqual([404, "model_not_found", "model"]);
    expect((await openAiFailure(client(aliceKey.secret).chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] }))).code).toBe("model_not_found");
  });

  it("429 insufficient_quota for a user at the plan's quota and for a key at its monthly cap", async () => {
    const broke = await newUser();
    const brokeKey = await newKey(broke);
    await (await getDatabase()).insert(aiUsageEvents).values({ appid: "demo-chat", userId: broke, kind: "chat", messageId: randomUUID(), totalTokens: 1_000_000_000 });
    const quota = await openAiFailure(client(brokeKey.secret).chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "你好" }] }));
    expect([quota.status, quota.code]).toEqual([429, "insufficient_quota"]);

    const capped = await newKey(alice, { name: "小额度", monthlyTokenCap: 1 });
    await client(capped.secret).chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "你好" }] });
    await getAiProxy().idle();
    const cap = await openAiFailure(client(capped.secret).chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "你好" }] }));
    expect([cap.status, cap.code]).toEqual([429, "insufficient_quota"]);
  });

  it("400 for malformed bodies, 413 for a huge one, 415 for a body that is not JSON", async () => {
    const auth = { Authorization: `Bearer ${aliceKey.secret}`, "Content-Type": "application/json" };
    const notJson = await rawCall(auth, "{not json");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: "invalid_request", type: "invalid_request_error" }, statusCode: 400 });
    const noMessages = await openAiFailure(client(aliceKey.secret).chat.completions.create({ model: "demo-chat", messages: "你好" as never }));
    expect([noMessages.status, noMessages.param]).toEqual([400, "messages"]);
    const noQuestion = await openAiFailure(client(aliceKey.secret).chat.completions.create({ model: "demo-chat", messages: [{ role: "system", content: "只有系统消息" }] }));
    expect(noQuestion.status).toBe(400);
    const image = await openAiFailure(
      client(aliceKey.secret).chat.completions.create({ model: "demo-model/spark-reasoner", messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: "https://example.com/a.png" } }] }] }),
    );
    // Images are for vision models only (images.test.ts); the reasoner is not one.
    expect([image.status, image.param]).toEqual([400, "messages.0.content"]);
    const huge = await rawCall(auth, JSON.stringify({ model: "demo-chat", messages: [{ role: "user", content: "长".repeat(2_000_000) }] }));
    expect(huge.status).toBe(413);
    expect((await rawCall({ Authorization: `Bearer ${aliceKey.secret}`, "Content-Type": "text/plain" }, "{}")).status).toBe(415);
  });

  it("400 invalid_request (not a 502 from the database) for a message holding NUL or a lone surrogate", async () => {
    const auth = { Authorization: `Bearer ${aliceKey.secret}`, "Content-Type": "application/json" };
    for (const content of ["你好\u0000", "你好\uD800", "\uDC00"]) {
      const response = await rawCall(auth, JSON.stringify({ model: "demo-chat", messages: [{ role: "user", content }] }));
      expect(response.status, JSON.stringify(content)).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { type: "invalid_request_error", code: "invalid_request", param: "messages.0.content", message: expect.stringContaining("无法处理的字符") },
      });
    }
    // A surrogate pair (an emoji) is fine.
    const emoji = await client(aliceKey.secret).chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "你好😀" }] });
    expect(emoji.choices[0]?.message.content).toBeTruthy();
  });

  it("answers a wrong method with OpenAI's JSON 405 and Allow, not an empty body", async () => {
    const wrong = await callRouteHandler(completionsRoute.GET, new Request(`${BASE}/chat/completions`));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
    expect(await wrong.json()).toMatchObject({ error: { type: "invalid_request_error", code: "method_not_allowed", param: null } });
    const models = await callRouteHandler(modelsRoute.POST, new Request(`${BASE}/models`, { method: "POST" }));
    expect([models.status, models.headers.get("allow")]).toEqual([405, "GET"]);
  });

  it("answers an endpoint we do not offer with OpenAI's JSON 404, not a web page", async () => {
    const response = await callRouteHandler(unknownRoute.POST, new Request(`${BASE}/images/generations`, { method: "POST" }));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "unknown_url", message: expect.stringContaining("POST /v1/images/generations") } });
  });

  it("429 rate_limit_exceeded when one key floods the API", async () => {
    const flood = await newKey(alice);
    const statuses: number[] = [];
    for (let index = 0; index < 41; index += 1) {
      statuses.push((await routeFetch(`${BASE}/models`, { headers: { Authorization: `Bearer ${flood.secret}` } })).status);
    }
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    const error = await openAiFailure(client(flood.secret).models.list());
    expect([error.status, error.code]).toEqual([429, "rate_limit_exceeded"]);
    expect(error.headers?.get("retry-after")).toBe("60");
    // Another key of the same user is not held back.
    expect((await routeFetch(`${BASE}/models`, { headers: { Authorization: `Bearer ${aliceKey.secret}` } })).status).toBe(200);
  });
});
