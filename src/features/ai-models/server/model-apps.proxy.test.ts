import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoModelApp } from "@/features/ai-apps/server/config";
import { parseSse, startDemoProxy, type DemoProxyHarness, type SseEvent } from "@/features/ai-apps/server/proxy/testing";
import { modelMessages } from "@/lib/db/schema/ai-models";
import { aiUsageEvents } from "@/lib/db/schema/ai-usage";

// The demo model app through the real proxy (session → user, quota seam, usage rows), `x-test-user`
// playing the session; the answers come from the in-process demo provider over the OpenAI protocol.
let demo: DemoProxyHarness;
const alice = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  demo = await startDemoProxy({ apps: [demoModelApp()], demoPaceMs: 2 });
});
afterAll(() => demo.close());

function call(user: string, method: string, path: string, options: { body?: unknown; query?: string } = {}) {
  return fetch(`${demo.baseUrl}/${path}?appid=demo-model${options.query ? `&${options.query}` : ""}`, {
    method,
    headers: { "x-test-user": user, ...(options.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}
const json = async (response: Response) => (await response.json()) as SseEvent;
async function streamChat(user: string, body: object) {
  const response = await call(user, "POST", "chat-messages", { body: { inputs: {}, response_mode: "streaming", ...body } });
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const { events } = parseSse(await response.text());
  const answer = events.filter((event) => event.event === "message").map((event) => event.answer as string).join("");
  return { events, answer, end: events.find((event) => event.event === "message_end"), first: events[0]! };
}
const usageOf = async (messageId: string) => {
  await demo.proxy.idle();
  return demo.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.messageId, messageId));
};

describe("model apps through the proxy", () => {
  it("describes the app's models in its parameters", async () => {
    const parameters = await json(await call(alice, "GET", "parameters"));
    expect(parameters.models.map((model: { id: string }) => model.id)).toEqual(["spark-swift", "spark-reasoner"]);
    expect(parameters.default_model).toBe("spark-swift");
    expect(parameters.opening_statement).toContain("切换模型");
    expect(JSON.stringify(parameters)).not.toContain("sk-spark-demo-provider");
  });

  it("streams an answer shaped by the question and records the provider's usage for its model", async () => {
    const list = await streamChat(alice, { query: "列出 4 个提高专注力的方法" });
    expect(list.answer).toMatch(/^关于「提高专注力的方法」，可以从这 4 点入手/);
    expect(list.answer).toContain("4. ");
    const prose = await streamChat(alice, { query: "写一段 60 字的自我介绍" });
    expect(prose.answer).not.toContain("1. ");
    expect(list.end!.metadata.usage).toMatchObject({ model: "spark-swift", estimated: false });
    const [row] = await usageOf(list.end!.message_id);
    expect(row).toMatchObject({ userId: alice, appid: "demo-model", kind: "chat", model: "spark-swift", estimated: false });
    expect(row!.totalTokens).toBe(row!.promptTokens + row!.completionTokens);
  });

  it("shows the reasoner's thinking in a <think> block, keeps it apart in storage and counts its tokens double", async () => {
    const { answer, end } = await streamChat(alice, { query: "如何规划一次周末短途旅行？", model: "spark-reasoner" });
    expect(answer).toMatch(/^<think>\n用户问的是「如何规划一次周末短途旅行」[\s\S]*\n<\/think>\n\n\*\*结论\*\*/);
    const [row] = await usageOf(end!.message_id);
    expect(row!.model).toBe("spark-reasoner");
    expect(row!.totalTokens).toBe(Math.ceil((row!.promptTokens + row!.completionTokens) * 2));
    const [stored] = await demo.db.select().from(modelMessages).where(eq(modelMessages.id, end!.message_id));
    expect(stored!.reasoning).toContain("用户问的是");
    expect(stored!.answer.startsWith("**结论**")).toBe(true);
  });

  it("keeps a conversation: history goes to the model, the chosen model sticks, the title is generated", async () => {
    const first = await streamChat(alice, { query: "介绍一下番茄工作法", model: "spark-reasoner" });
    const conversationId = first.first.conversation_id as string;
    const second = await streamChat(alice, { query: "那它有哪些缺点？", conversation_id: conversationId });
    expect(second.answer).toContain("第 2 个问题");
    expect(second.end!.metadata.usage.model).toBe("spark-reasoner");
    const listed = await json(await call(alice, "GET", "conversations", { query: "limit=1" }));
    expect(listed.data[0]).toMatchObject({ id: conversationId, name: "番茄工作法" }); // named after the first answer
    await call(alice, "POST", `conversations/${conversationId}/name`, { body: { name: "随便起的名字" } });
    const renamed = await json(await call(alice, "POST", `conversations/${conversationId}/name`, { body: { auto_generate: true } }));
    expect(renamed).toMatchObject({ id: conversationId, name: "番茄工作法", model: "spark-reasoner" });
    const messages = await json(await call(alice, "GET", "messages", { query: `conversation_id=${conversationId}` }));
    expect(messages.data.map((message: { query: string }) => message.query)).toEqual(["介绍一下番茄工作法", "那它有哪些缺点？"]);
    const conversations = await json(await call(alice, "GET", "conversations", { query: "limit=1" }));
    expect(conversations).toMatchObject({ has_more: true, data: [{ id: conversationId }] });
  });

  it("never lets another user reach a conversation or message (404), and lists only one's own", async () => {
    const { first, end } = await streamChat(alice, { query: "写一段 40 字的问候" });
    const conversationId = first.conversation_id as string;
    expect((await call(bob, "GET", "messages", { query: `conversation_id=${conversationId}` })).status).toBe(404);
    expect((await call(bob, "POST", `conversations/${conversationId}/name`, { body: { name: "偷看" } })).status).toBe(404);
    expect((await call(bob, "DELETE", `conversations/${conversationId}`, { body: {} })).status).toBe(404);
    expect((await call(bob, "POST", "message-feedbacks", { body: { message_id: end!.message_id, rating: "dislike" } })).status).toBe(404);
    expect((await call(bob, "POST", `messages/${end!.message_id}/feedbacks`, { body: { rating: "dislike" } })).status).toBe(404);
    expect((await call(bob, "GET", `messages/${end!.message_id}/suggested`)).status).toBe(404);
    expect((await call(bob, "POST", `chat-messages/${first.task_id}/stop`, { body: {} })).status).toBe(404);
    const continued = await call(bob, "POST", "chat-messages", { body: { query: "继续", inputs: {}, response_mode: "streaming", conversation_id: conversationId } });
    expect(await json(continued)).toMatchObject({ statusCode: 404, message: "对话不存在或已删除" });
    expect((await json(await call(bob, "GET", "conversations"))).data).toEqual([]);
    expect((await call(alice, "POST", "message-feedbacks", { body: { message_id: end!.message_id, rating: "like" } })).status).toBe(200);
    expect((await call(alice, "DELETE", `conversations/${conversationId}`, { body: {} })).status).toBe(204);
    expect((await call(alice, "GET", "messages", { query: `conversation_id=${conversationId}` })).status).toBe(404);
  });

  it("regenerates or edits any question as a sibling (parent_message_id), the history being its thread", async () => {
    const first = await streamChat(alice, { query: "写一段 30 字的早安问候" });
    const conversationId = first.first.conversation_id as string;
    const firstId = first.end!.message_id as string;
    const second = await streamChat(alice, { query: "列出 2 个午休建议", conversation_id: conversationId });
    expect(second.answer).toContain("第 2 个问题");
    const foreign = await call(bob, "POST", "chat-messages", { body: { query: "改一下", inputs: {}, conversation_id: conversationId, parent_message_id: firstId } });
    expect(foreign.status).toBe(404);
    const theirs = await streamChat(bob, { query: "别人的问题" });
    const stolen = await call(alice, "POST", "chat-messages", { body: { query: "改一下", inputs: {}, conversation_id: conversationId, parent_message_id: theirs.end!.message_id } });
    expect(stolen.status).toBe(404);

    // Regenerate the first answer: a new root, asked with no history.
    const again = await streamChat(alice, { query: "写一段 30 字的早安问候", conversation_id: conversationId, parent_message_id: null });
    expect(again.answer).not.toContain("个问题）");
    // Edit the second question: a sibling of the second, after the first turn only.
    const edited = await streamChat(alice, { query: "列出 3 个午休建议", conversation_id: conversationId, parent_message_id: firstId });
    expect(edited.answer).toContain("3. ");
    expect(edited.answer).toContain("第 2 个问题");
    // Continuing the edited branch: its history is first → edited.
    const next = await streamChat(alice, { query: "再列出 2 个", conversation_id: conversationId, parent_message_id: edited.end!.message_id });
    expect(next.answer).toContain("第 3 个问题");
    const messages = await json(await call(alice, "GET", "messages", { query: `conversation_id=${conversationId}` }));
    expect(messages.data.map((message: { id: string; parent_message_id: string | null }) => [message.id, message.parent_message_id])).toEqual([
      [firstId, null],
      [second.end!.message_id, firstId],
      [again.end!.message_id, null],
      [edited.end!.message_id, firstId],
      [next.end!.message_id, edited.end!.message_id],
    ]);
    // The developer API's stateless form takes no parent.
    const stateless = await call(alice, "POST", "chat-messages", { body: { query: "x", inputs: {}, parent_message_id: firstId, messages: [{ role: "user", content: "x" }] } });
    expect(stateless.status).toBe(400);
  });

  it("sends uploaded images to a vision model, only the uploader's, and refuses them for a model without vision", async () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
    const upload = async (user: string, name: string, type: string) => {
      const form = new FormData();
      form.append("file", new File([png], name, { type }));
      return fetch(`${demo.baseUrl}/files/upload?appid=demo-model`, { method: "POST", headers: { "x-test-user": user }, body: form });
    };
    const uploaded = await upload(alice, "photo.png", "image/png");
    expect(uploaded.status).toBe(201);
    const { id } = await json(uploaded);
    expect((await upload(alice, "drawing.svg", "image/svg+xml")).status).toBe(415);

    const image = [{ type: "image", transfer_method: "local_file", upload_file_id: id }];
    const seen = await streamChat(alice, { query: "这张图里有什么？", files: image });
    expect(seen.answer).toMatch(/^我看到了您发来的 1 张图片。/);
    const messages = await json(await call(alice, "GET", "messages", { query: `conversation_id=${seen.first.conversation_id}` }));
    expect(messages.data[0].message_files).toEqual([{ id, filename: "photo.png", type: "image", belongs_to: "user" }]);

    const stolen = await call(bob, "POST", "chat-messages", { body: { query: "看看", inputs: {}, files: image } });
    expect(await json(stolen)).toMatchObject({ statusCode: 400, message: "图片不存在或已失效，请重新上传。" });
    const blind = await call(alice, "POST", "chat-messages", { body: { query: "看看", inputs: {}, files: image, model: "spark-reasoner" } });
    expect((await json(blind)).message).toContain("当前模型不能识别图片");
  });

  it("refuses a model the app does not offer", async () => {
    const response = await call(alice, "POST", "chat-messages", { body: { query: "你好", inputs: {}, response_mode: "blocking", model: "gpt-4o" } });
    expect(response.status).toBe(400);
  });

  it("answers in blocking mode with the same figures", async () => {
    const body = await json(await call(alice, "POST", "chat-messages", { body: { query: "列出 2 个要点", inputs: {}, response_mode: "blocking" } }));
    expect(body.answer).toContain("2. ");
    expect((await usageOf(body.message_id))[0]).toMatchObject({ model: "spark-swift" });
  });
});
