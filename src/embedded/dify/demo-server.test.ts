import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoDifyServer, DEMO_CHAT_KEY, DEMO_COMPLETION_KEY, DEMO_WORKFLOW_KEY } from "./index";
import { startDemoServer, type DemoServerHarness } from "./testing";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions on open JSON

let demo: DemoServerHarness;

beforeAll(async () => {
  demo = await startDemoServer({ paceMs: 0, pingIntervalMs: 20, slowGapMs: 70 });
});
afterAll(() => demo.close());

const call = (key: string, method: string, path: string, body?: unknown) => demo.call(key, method, path, body);

async function events(response: Response): Promise<{ events: Json[]; pings: number; raw: string }> {
  const raw = await response.text();
  const frames = raw.split("\n\n").filter(Boolean);
  return {
    raw,
    pings: frames.filter((frame) => frame === "event: ping").length,
    events: frames.filter((frame) => frame.startsWith("data: ")).map((frame) => JSON.parse(frame.slice(6)) as Json),
  };
}

async function chat(user: string, query: string, extra: Json = {}): Promise<Json> {
  const response = await call(DEMO_CHAT_KEY, "POST", "/chat-messages", { query, inputs: {}, user, response_mode: "blocking", ...extra });
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

describe("embedded demo Dify server", () => {
  it("rejects missing or unknown keys with Dify's envelope", async () => {
    const missing = await Promise.resolve(demo.server.request("/info"));
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    expect(await missing.json()).toMatchObject({ code: "unauthorized", status: 401 });
    const unknown = await call("app-nope", "GET", "/info");
    expect(await unknown.json()).toMatchObject({ code: "unauthorized", message: "Access token is invalid" });
  });

  it("describes the apps: info and parameters", async () => {
    expect(await (await call(DEMO_WORKFLOW_KEY, "GET", "/info")).json()).toMatchObject({ mode: "workflow" });
    const parameters = (await (await call(DEMO_WORKFLOW_KEY, "GET", "/parameters")).json()) as Json;
    const types = (parameters.user_input_form as Json[]).map((control) => Object.keys(control)[0]);
    expect(types).toEqual(["text-input", "paragraph", "select", "number", "file"]);
    const chatParameters = (await (await call(DEMO_CHAT_KEY, "GET", "/parameters")).json()) as Json;
    expect(chatParameters.opening_statement).toContain("火花助手");
    expect(chatParameters.suggested_questions).toHaveLength(3);
    expect(chatParameters.file_upload.image.enabled).toBe(true);
  });

  it("enforces the app mode", async () => {
    const response = await call(DEMO_WORKFLOW_KEY, "POST", "/chat-messages", { query: "hi", inputs: {}, user: "u" });
    expect(await response.json()).toMatchObject({ code: "not_chat_app", status: 400 });
  });

  it("streams a deterministic markdown answer ending with message_end usage", async () => {
    const response = await call(DEMO_CHAT_KEY, "POST", "/chat-messages", { query: "勾股定理", inputs: {}, user: "stream-user", response_mode: "streaming" });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const { events: list } = await events(response);
    const messages = list.filter((event) => event.event === "message");
    const end = list.at(-1)!;
    expect(end.event).toBe("message_end");
    expect(new Set(list.map((event) => event.message_id)).size).toBe(1);
    const answer = messages.map((event) => event.answer).join("");
    expect(answer).toContain("| 项目 | 说明 | 数值 |");
    expect(answer).toContain("```ts");
    expect(answer).toContain("$$");
    expect(end.metadata.usage.total_tokens).toBe(end.metadata.usage.prompt_tokens + end.metadata.usage.completion_tokens);
    const again = await chat("stream-user", "勾股定理");
    expect(again.answer).toBe(answer);
    expect(again.metadata.usage.completion_tokens).toBe(end.metadata.usage.completion_tokens);
  });

  it("keeps conversations per user, paginates them and auto-names", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) ids.push((await chat("pager", `问题 ${index}`)).conversation_id as string);
    const first = (await (await call(DEMO_CHAT_KEY, "GET", "/conversations?user=pager&limit=2")).json()) as Json;
    expect(first.has_more).toBe(true);
    expect(first.data.map((row: Json) => row.id)).toEqual([ids[4], ids[3]]);
    expect(first.data[0].name).toBe("问题 4");
    const second = (await (await call(DEMO_CHAT_KEY, "GET", `/conversations?user=pager&limit=2&last_id=${ids[3]}`)).json()) as Json;
    expect(second.data.map((row: Json) => row.id)).toEqual([ids[2], ids[1]]);
    const last = (await (await call(DEMO_CHAT_KEY, "GET", `/conversations?user=pager&limit=2&last_id=${ids[1]}`)).json()) as Json;
    expect(last).toMatchObject({ has_more: false, data: [{ id: ids[0] }] });
    const other = (await (await call(DEMO_CHAT_KEY, "GET", "/conversations?user=someone-else")).json()) as Json;
    expect(other.data).toEqual([]);
  });

  it("pages messages backwards with first_id, oldest first", async () => {
    const start = await chat("history", "第1问");
    const conversationId = start.conversation_id as string;
    for (let index = 2; index <= 5; index += 1) await chat("history", `第${index}问`, { conversation_id: conversationId });
    const page = (await (await call(DEMO_CHAT_KEY, "GET", `/messages?user=history&conversation_id=${conversationId}&limit=2`)).json()) as Json;
    expect(page.data.map((row: Json) => row.query)).toEqual(["第4问", "第5问"]);
    expect(page.has_more).toBe(true);
    const older = (await (await call(DEMO_CHAT_KEY, "GET", `/messages?user=history&conversation_id=${conversationId}&limit=10&first_id=${page.data[0].id}`)).json()) as Json;
    expect(older.data.map((row: Json) => row.query)).toEqual(["第1问", "第2问", "第3问"]);
    expect(older.has_more).toBe(false);
    const foreign = await call(DEMO_CHAT_KEY, "GET", `/messages?user=intruder&conversation_id=${conversationId}`);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "not_found", message: "Conversation Not Exists." });
  });

  it("renames (by name and auto_generate) and deletes", async () => {
    const { conversation_id: id } = await chat("renamer", "周报怎么写", { auto_generate_name: false });
    const named = (await (await call(DEMO_CHAT_KEY, "POST", `/conversations/${id}/name`, { name: "我的周报", user: "renamer" })).json()) as Json;
    expect(named.name).toBe("我的周报");
    const auto = (await (await call(DEMO_CHAT_KEY, "POST", `/conversations/${id}/name`, { auto_generate: true, user: "renamer" })).json()) as Json;
    expect(auto.name).toBe("周报怎么写");
    expect((await call(DEMO_CHAT_KEY, "POST", `/conversations/${id}/name`, { name: "x", user: "other" })).status).toBe(404);
    expect((await call(DEMO_CHAT_KEY, "DELETE", `/conversations/${id}`, { user: "other" })).status).toBe(404);
    expect((await call(DEMO_CHAT_KEY, "DELETE", `/conversations/${id}`, { user: "renamer" })).status).toBe(204);
    expect((await call(DEMO_CHAT_KEY, "GET", `/messages?user=renamer&conversation_id=${id}`)).status).toBe(404);
  });

  it("records feedback and suggests follow-ups, for the owner only", async () => {
    const { message_id: id } = await chat("rater", "介绍一下思维火花");
    expect((await call(DEMO_CHAT_KEY, "POST", `/messages/${id}/feedbacks`, { rating: "like", user: "other" })).status).toBe(404);
    expect(await (await call(DEMO_CHAT_KEY, "POST", `/messages/${id}/feedbacks`, { rating: "like", user: "rater" })).json()).toEqual({ result: "success" });
    const suggested = (await (await call(DEMO_CHAT_KEY, "GET", `/messages/${id}/suggested?user=rater`)).json()) as Json;
    expect(suggested.data).toHaveLength(3);
    expect((await call(DEMO_CHAT_KEY, "GET", `/messages/${id}/suggested?user=other`)).status).toBe(404);
  });

  it("runs the workflow with events in order and outputs", async () => {
    const response = await call(DEMO_WORKFLOW_KEY, "POST", "/workflows/run", { inputs: { topic: "远程办公", audience: "学生" }, user: "w", response_mode: "streaming" });
    const names = (await events(response)).events.map((event) => event.event).filter((name) => name !== "text_chunk");
    expect(names).toEqual(["workflow_started", "node_started", "node_finished", "node_started", "node_finished", "node_started", "node_finished", "workflow_finished"]);
    const blocking = (await (await call(DEMO_WORKFLOW_KEY, "POST", "/workflows/run", { inputs: { topic: "远程办公", audience: "学生" }, user: "w" })).json()) as Json;
    expect(blocking.data).toMatchObject({ status: "succeeded", total_steps: 3 });
    expect(blocking.data.outputs.result).toContain("远程办公");
    const invalid = await call(DEMO_WORKFLOW_KEY, "POST", "/workflows/run", { inputs: { audience: "学生" }, user: "w" });
    expect(await invalid.json()).toMatchObject({ code: "invalid_param", message: "topic is required in input form" });
  });

  it("takes an uploaded file as a workflow input, only the user's own", async () => {
    const form = new FormData();
    form.append("file", new File(["# 资料"], "brief.md"));
    form.append("user", "w");
    const uploaded = (await (await Promise.resolve(demo.server.request("/files/upload", { method: "POST", headers: { Authorization: `Bearer ${DEMO_WORKFLOW_KEY}` }, body: form }))).json()) as Json;
    const reference = { type: "document", transfer_method: "local_file", upload_file_id: uploaded.id };
    const run = (user: string, extra: Json) => call(DEMO_WORKFLOW_KEY, "POST", "/workflows/run", { inputs: { topic: "远程办公", audience: "学生", ...extra }, user });
    const blocking = (await (await run("w", { reference })).json()) as Json;
    expect(blocking.data.outputs.result).toContain("参考资料：brief.md");
    expect(await (await run("someone-else", { reference })).json()).toMatchObject({ code: "invalid_param", message: "Invalid upload file id." });
    expect(await (await run("w", { reference: "brief.md" })).json()).toMatchObject({ code: "invalid_param", message: "reference in input form must be a file" });
  });

  it("answers completion messages without a conversation", async () => {
    const response = await call(DEMO_COMPLETION_KEY, "POST", "/completion-messages", { inputs: { query: "写一段产品介绍" }, user: "c", response_mode: "streaming" });
    const list = (await events(response)).events;
    expect(list.at(-1)).toMatchObject({ event: "message_end" });
    expect(list.every((event) => !("conversation_id" in event))).toBe(true);
  });

  it("injects failures from triggers in the query", async () => {
    const failing = await call(DEMO_CHAT_KEY, "POST", "/chat-messages", { query: "#HTTP500", inputs: {}, user: "t", response_mode: "streaming" });
    expect(failing.status).toBe(500);
    expect(await failing.json()).toMatchObject({ code: "internal_server_error", status: 500 });
    const errorEvent = await events(await call(DEMO_CHAT_KEY, "POST", "/chat-messages", { query: "测试 #错误事件", inputs: {}, user: "t", response_mode: "streaming" }));
    expect(errorEvent.events.at(-1)).toMatchObject({ event: "error", code: "completion_request_error" });
    expect(errorEvent.events.filter((event) => event.event === "message").length).toBe(3);
    const slow = await events(await call(DEMO_CHAT_KEY, "POST", "/chat-messages", { query: "测试 #慢速", inputs: {}, user: "t", response_mode: "streaming" }));
    expect(slow.pings).toBeGreaterThanOrEqual(2);
    expect(slow.raw.indexOf("event: ping")).toBeLessThan(slow.raw.indexOf("data: "));
    const cut = await events(await call(DEMO_CHAT_KEY, "POST", "/chat-messages", { query: "测试 #中断", inputs: {}, user: "t", response_mode: "streaming" }));
    expect(cut.events.map((event) => event.event)).toEqual(["message", "message", "message"]);
  });

  it("stops a running task and still ends with message_end", async () => {
    const slowServer = createDemoDifyServer({ db: demo.db, paceMs: 20 });
    const response = await slowServer.request("/chat-messages", {
      method: "POST",
      headers: { Authorization: `Bearer ${DEMO_CHAT_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ query: "停下", inputs: {}, user: "s", response_mode: "streaming" }),
    });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const taskId = (JSON.parse(first.split("\n\n")[0]!.slice(6)) as Json).task_id as string;
    await slowServer.request(`/chat-messages/${taskId}/stop`, {
      method: "POST",
      headers: { Authorization: `Bearer ${DEMO_CHAT_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ user: "s" }),
    });
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    const frames = rest.split("\n\n").filter(Boolean);
    expect(frames.length).toBeLessThan(10);
    expect(frames.at(-1)).toContain('"event":"message_end"');
  });

  it("accepts uploads within the limits", async () => {
    const upload = (name: string, size: number, key = DEMO_CHAT_KEY) => {
      const form = new FormData();
      form.append("file", new File([new Uint8Array(size)], name));
      form.append("user", "uploader");
      return Promise.resolve(demo.server.request("/files/upload", { method: "POST", headers: { Authorization: `Bearer ${key}` }, body: form }));
    };
    const ok = await upload("photo.png", 1000);
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ name: "photo.png", size: 1000, extension: "png" });
    expect((await upload("tool.exe", 10)).status).toBe(415);
    expect((await upload("big.png", 10 * 1024 * 1024 + 1)).status).toBe(413);
  });
});
