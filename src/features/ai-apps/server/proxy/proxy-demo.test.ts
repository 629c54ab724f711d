import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiUsageEvents } from "@/lib/db/schema/ai-usage";
import { demoRegistryApps } from "../config";
import { parseSse, startDemoProxy, type DemoProxyHarness, type SseEvent } from "./testing";

let demo: DemoProxyHarness;
const alice = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  demo = await startDemoProxy({ apps: [...demoRegistryApps(), { ...demoRegistryApps()[0]!, appid: "off", enabled: false }], demoPaceMs: 2 });
});
afterAll(() => demo.close());

function call(user: string | null, method: string, path: string, options: { appid?: string; body?: unknown; query?: string; signal?: AbortSignal } = {}) {
  const query = `appid=${options.appid ?? "demo-chat"}${options.query ? `&${options.query}` : ""}`;
  return fetch(`${demo.baseUrl}/${path}?${query}`, {
    method,
    headers: { ...(user ? { "x-test-user": user } : {}), ...(options.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}
const json = async (response: Response) => (await response.json()) as SseEvent;
const chat = async (user: string, query: string, extra: object = {}) =>
  json(await call(user, "POST", "chat-messages", { body: { query, inputs: {}, response_mode: "blocking", ...extra } }));
/** Starts a stream and reads up to its first event; `rest` reads it to the end. */
async function startStream(user: string, path: string, appid: string, body: object) {
  const reader = (await call(user, "POST", path, { appid, body })).body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n\n")) text += decoder.decode((await reader.read()).value, { stream: true });
  const first = parseSse(text.slice(0, text.indexOf("\n\n") + 2)).events[0] as SseEvent;
  const rest = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return parseSse(text);
      text += decoder.decode(value, { stream: true });
    }
  })();
  return { taskId: first.task_id as string, first, rest };
}
const usageRows = (messageId: string) => demo.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.messageId, messageId));

describe("Dify proxy against the embedded demo apps", () => {
  it("answers 401 without a session, 404 for unknown or disabled apps, 400 for bad bodies", async () => {
    expect(await json(await call(null, "GET", "info"))).toEqual({ statusCode: 401, message: "请先登录" });
    expect((await call(alice, "GET", "info", { appid: "nope" })).status).toBe(404);
    expect(await json(await call(alice, "GET", "info", { appid: "off" }))).toMatchObject({ statusCode: 404, message: "应用不存在或已停用" });
    expect(await json(await call(alice, "POST", "chat-messages", { body: { query: "", inputs: {} } }))).toEqual({ statusCode: 400, message: "请输入问题" });
    expect((await call(alice, "GET", "chat-messages")).status).toBe(405);
    expect((await call(alice, "POST", "workflow/run", { body: { inputs: {} } })).status).toBe(400); // chat app
    const info = await json(await call(alice, "GET", "info"));
    expect(info).toMatchObject({ name: "火花助手", mode: "chat" });
    expect(JSON.stringify(info)).not.toContain("app-demo");
  });

  it("passes the app's moderation presets to the browser but never its keyword list", async () => {
    const parameters = await json(await call(alice, "GET", "parameters"));
    expect(parameters.sensitive_word_avoidance).toMatchObject({ enabled: true, type: "keywords", config: { inputs_config: { enabled: true, preset_response: expect.any(String) } } });
    expect(parameters.sensitive_word_avoidance.config).not.toHaveProperty("keywords");
    expect(JSON.stringify(parameters)).not.toContain("演示敏感词");
    // Everything else of /parameters passes untouched.
    expect(parameters.user_input_form.length).toBeGreaterThan(0);
  });

  it("streams with anti-buffering headers and records usage exactly once", async () => {
    const response = await call(alice, "POST", "chat-messages", { body: { query: "流式测试", inputs: {}, response_mode: "streaming", user: "spoofed" } });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    // Compression is the app server's doing, not the handler's: e2e/ai-apps.spec.ts checks it through `next start`.
    const { events } = parseSse(await response.text());
    const end = events.at(-1)!;
    expect(end.event).toBe("message_end");
    await demo.proxy.idle();
    const rows = await usageRows(end.message_id as string);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ appid: "demo-chat", userId: alice, kind: "chat", totalTokens: end.metadata.usage.total_tokens });
    // The spoofed `user` was replaced: the conversation belongs to alice.
    const list = await json(await call(alice, "GET", "conversations", { query: "user=spoofed" }));
    expect(list.data.map((row: SseEvent) => row.id)).toContain(end.conversation_id);
  });

  it("records blocking answers too (chat, completion, workflow)", async () => {
    const answer = await chat(alice, "阻塞模式");
    const completion = await json(await call(alice, "POST", "completion-messages", { appid: "demo-completion", body: { inputs: { query: "写一句口号" } } }));
    const run = await json(await call(alice, "POST", "workflow/run", { appid: "demo-workflow", body: { inputs: { topic: "旅行", audience: "学生" } } }));
    await demo.proxy.idle();
    expect(await usageRows(answer.message_id as string)).toHaveLength(1);
    expect(await usageRows(completion.message_id as string)).toHaveLength(1);
    const runRows = await demo.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.workflowRunId, run.workflow_run_id as string));
    expect(runRows).toMatchObject([{ kind: "workflow", totalTokens: run.data.total_tokens }]);
  });

  it("isolates users on every conversation and message endpoint", async () => {
    const mine = await chat(alice, "只属于 Alice");
    const conversation = mine.conversation_id as string;
    const message = mine.message_id as string;
    const bobList = await json(await call(bob, "GET", "conversations"));
    expect(bobList.data.map((row: SseEvent) => row.id)).not.toContain(conversation);
    const attempts = [
      call(bob, "GET", "messages", { query: `conversation_id=${conversation}&user=${alice}` }),
      call(bob, "PUT", `conversations/${conversation}/name`, { body: { name: "抢走", user: alice } }),
      call(bob, "POST", `conversations/${conversation}/name`, { body: { auto_generate: true } }),
      call(bob, "DELETE", `conversations/${conversation}`, { body: { user: alice } }),
      call(bob, "POST", "message-feedbacks", { body: { message_id: message, rating: "dislike", user: alice } }),
      call(bob, "POST", `messages/${message}/feedbacks`, { body: { rating: "dislike" } }),
      call(bob, "GET", `messages/${message}/suggested`, { query: `user=${alice}` }),
      call(bob, "POST", "chat-messages", { body: { query: "续写", inputs: {}, conversation_id: conversation, user: alice } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect((await json(response)).message).toMatch(/不存在/);
    }
    // Alice still has everything, untouched.
    const history = await json(await call(alice, "GET", "messages", { query: `conversation_id=${conversation}` }));
    expect(history.data).toMatchObject([{ id: message, feedback: null }]);
  });

  it("passes parent_message_id (threads) with user still overwritten, and refuses a malformed one", async () => {
    const first = await chat(alice, "第一问");
    const conversation_id = first.conversation_id as string;
    await chat(alice, "第二问", { conversation_id });
    // Regenerating the first answer as Alice — a spoofed `user` cannot move it to Bob.
    const again = await chat(alice, "第一问", { conversation_id, parent_message_id: null, user: bob });
    const sibling = await chat(alice, "第二问（改）", { conversation_id, parent_message_id: first.message_id, user: bob });
    expect(again.conversation_id).toBe(conversation_id);
    const history = await json(await call(alice, "GET", "messages", { query: `conversation_id=${conversation_id}` }));
    expect(history.data.map((row: SseEvent) => [row.id, row.parent_message_id])).toEqual([
      [first.message_id, null],
      [history.data[1].id, first.message_id],
      [again.message_id, null],
      [sibling.message_id, first.message_id],
    ]);
    expect((await call(bob, "GET", "messages", { query: `conversation_id=${conversation_id}` })).status).toBe(404);
    // Bob cannot hang a message under Alice's, in her conversation or his own.
    const bobs = await chat(bob, "Bob 的问题");
    const hijack = await call(bob, "POST", "chat-messages", { body: { query: "x", inputs: {}, conversation_id: bobs.conversation_id, parent_message_id: first.message_id } });
    expect(hijack.status).toBe(404);
    const malformed = await call(alice, "POST", "chat-messages", { body: { query: "x", inputs: {}, conversation_id, parent_message_id: "../../messages" } });
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toMatchObject({ message: "消息 ID 格式不正确" });
  });

  it("isolates completion feedback, workflow and completion stops, and uploads across users", async () => {
    const completion = await json(await call(alice, "POST", "completion-messages", { appid: "demo-completion", body: { inputs: { query: "写一句口号" } } }));
    const id = completion.message_id as string;
    for (const response of [
      await call(bob, "POST", "message-feedbacks", { appid: "demo-completion", body: { message_id: id, rating: "dislike", user: alice } }),
      await call(bob, "POST", `messages/${id}/feedbacks`, { appid: "demo-completion", body: { rating: "dislike" } }),
    ]) {
      expect(response.status).toBe(404);
      expect((await json(response)).message).toBe("消息不存在或已删除");
    }
    expect(await json(await call(alice, "POST", "message-feedbacks", { appid: "demo-completion", body: { message_id: id, rating: "like" } }))).toEqual({ result: "success" });

    const runs = [
      { appid: "demo-workflow", path: "workflow/run", inputs: { topic: "旅行", audience: "学生" }, stop: (task: string) => `workflows/tasks/${task}/stop` },
      { appid: "demo-completion", path: "completion-messages", inputs: { query: "写一段长文案" }, stop: (task: string) => `completion-messages/${task}/stop` },
    ];
    for (const run of runs) {
      const { taskId, rest } = await startStream(alice, run.path, run.appid, { inputs: run.inputs, response_mode: "streaming" });
      expect(await json(await call(bob, "POST", run.stop(taskId), { appid: run.appid, body: { user: alice } }))).toEqual({ statusCode: 404, message: "任务不存在或已结束" });
      expect(await json(await call(alice, "POST", run.stop(taskId), { appid: run.appid }))).toEqual({ result: "success" });
      await rest;
    }

    // Uploads belong to the uploader: Bob cannot attach Alice's file (in a chat or a workflow form).
    const upload = async (appid: string) => {
      const form = new FormData();
      form.append("file", new File(["# 资料"], "brief.md", { type: "text/markdown" }));
      return (await json(await fetch(`${demo.baseUrl}/files/upload?appid=${appid}`, { method: "POST", headers: { "x-test-user": alice }, body: form }))).id as string;
    };
    const chatFile = { type: "document", transfer_method: "local_file", upload_file_id: await upload("demo-chat") };
    const withFile = (user: string) => call(user, "POST", "chat-messages", { body: { query: "总结附件", inputs: {}, files: [chatFile] } });
    const foreignChat = await withFile(bob);
    expect(foreignChat.status).toBe(400);
    expect(await json(foreignChat)).toMatchObject({ statusCode: 400, message: "文件不存在或已失效，请重新上传" });
    expect((await withFile(alice)).status).toBe(200);
    const reference = { type: "document", transfer_method: "local_file", upload_file_id: await upload("demo-workflow") };
    const runWith = (user: string) => call(user, "POST", "workflow/run", { appid: "demo-workflow", body: { inputs: { topic: "旅行", audience: "学生", reference } } });
    expect(await json(await runWith(bob))).toMatchObject({ statusCode: 400, message: "文件不存在或已失效，请重新上传" });
    expect((await runWith(alice)).status).toBe(200);
  });

  it("renames with PUT or POST (auto_generate too), deletes with a DELETE body, and pages", async () => {
    const { conversation_id: id } = await chat(alice, "改名测试", { auto_generate_name: false });
    expect(await json(await call(alice, "PUT", `conversations/${id}/name`, { body: { name: "新名字" } }))).toMatchObject({ name: "新名字" });
    expect(await json(await call(alice, "POST", `conversations/${id}/name`, { body: { auto_generate: true } }))).toMatchObject({ name: "改名测试" });
    expect(await json(await call(alice, "PUT", `conversations/${id}/name`, { body: {} }))).toEqual({ statusCode: 400, message: "请输入对话名称" });
    const page = await json(await call(alice, "GET", "conversations", { query: "limit=1" }));
    expect(page).toMatchObject({ limit: 1, has_more: true });
    const next = await json(await call(alice, "GET", "conversations", { query: `limit=1&last_id=${page.data[0].id}` }));
    expect(next.data[0].id).not.toBe(page.data[0].id);
    expect((await call(alice, "DELETE", `conversations/${id}`)).status).toBe(204);
    expect((await call(alice, "GET", "messages", { query: `conversation_id=${id}` })).status).toBe(404);
  });

  it("passes feedback and suggestions through for the owner", async () => {
    const { message_id: id } = await chat(alice, "反馈测试");
    expect(await json(await call(alice, "POST", "message-feedbacks", { body: { message_id: id, rating: "like" } }))).toEqual({ result: "success" });
    expect(await json(await call(alice, "POST", `messages/${id}/feedbacks`, { body: { rating: null } }))).toEqual({ result: "success" });
    expect((await json(await call(alice, "GET", `messages/${id}/suggested`))).data).toHaveLength(3);
  });

  it("stops only tasks it saw start for the same user", async () => {
    const { taskId, rest } = await startStream(alice, "chat-messages", "demo-chat", { query: "长回答", inputs: {}, response_mode: "streaming" });
    expect((await call(bob, "POST", `chat-messages/${taskId}/stop`)).status).toBe(404);
    expect((await call(alice, "POST", `chat-messages/${randomUUID()}/stop`)).status).toBe(404);
    expect(await json(await call(alice, "POST", `chat-messages/${taskId}/stop`))).toEqual({ result: "success" });
    expect((await rest).events.at(-1)).toMatchObject({ event: "message_end" });
  });

  it("stops the upstream task and still records usage once when the browser disconnects", async () => {
    const abort = new AbortController();
    const response = await call(alice, "POST", "chat-messages", { body: { query: "中途离开", inputs: {}, response_mode: "streaming" }, signal: abort.signal });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const messageId = (parseSse(first.slice(0, first.indexOf("\n\n") + 2)).events[0] as SseEvent).message_id as string;
    abort.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await demo.proxy.idle();
    const rows = await usageRows(messageId);
    expect(rows).toHaveLength(1);
    const full = await chat(bob, "中途离开");
    // Stopped early: fewer completion tokens than the full answer.
    expect(rows[0]!.completionTokens).toBeLessThan(full.metadata.usage.completion_tokens as number);
  });

  it("maps demo failures: HTTP 500 before the stream, error event during it", async () => {
    const failing = await call(alice, "POST", "chat-messages", { body: { query: "#HTTP500", inputs: {}, response_mode: "streaming" } });
    expect(failing.status).toBe(502);
    expect(await json(failing)).toMatchObject({ statusCode: 502, message: "AI 服务暂时不可用，请稍后重试", code: "internal_server_error" });
    const limited = await call(alice, "POST", "chat-messages", { body: { query: "#HTTP429", inputs: {} } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    const { events } = parseSse(await (await call(alice, "POST", "chat-messages", { body: { query: "#错误事件", inputs: {}, response_mode: "streaming" } })).text());
    expect(events.at(-1)).toMatchObject({ event: "error", code: "completion_request_error", message: "模型调用失败，请稍后重试" });
    const cut = parseSse(await (await call(alice, "POST", "chat-messages", { body: { query: "#中断", inputs: {}, response_mode: "streaming" } })).text());
    expect(cut.events.at(-1)).toMatchObject({ event: "error", code: "upstream_disconnected" });
  });

  it("enforces upload type and size from the app's file_upload parameters", async () => {
    const upload = (name: string, size: number, appid = "demo-chat", extra?: (form: FormData) => void) => {
      const form = new FormData();
      form.append("file", new File([new Uint8Array(size)], name, { type: "application/octet-stream" }));
      form.append("user", "spoofed");
      extra?.(form);
      return fetch(`${demo.baseUrl}/files/upload?appid=${appid}`, { method: "POST", headers: { "x-test-user": alice }, body: form });
    };
    const ok = await upload("note.md", 100);
    expect(ok.status).toBe(201);
    expect(await json(ok)).toMatchObject({ name: "note.md", created_by: alice });
    expect(await json(await upload("virus.exe", 10))).toMatchObject({ statusCode: 415 });
    expect(await json(await upload("huge.png", 10 * 1024 * 1024 + 1))).toEqual({ statusCode: 413, message: "文件太大，最大 10 MB" });
    expect((await upload("a.png", 10, "demo-chat", (form) => form.append("file", new File(["x"], "b.png")))).status).toBe(400);
    expect(await json(await upload("a.png", 10, "demo-completion"))).toMatchObject({ statusCode: 403 });
    // The demo workflow's file_upload is off, but its form has a document variable: documents only.
    expect((await upload("brief.md", 100, "demo-workflow")).status).toBe(201);
    expect(await json(await upload("a.png", 10, "demo-workflow"))).toMatchObject({ statusCode: 415 });
  });
});
