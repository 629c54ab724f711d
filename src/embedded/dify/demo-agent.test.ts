import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_AGENT_KEY, DEMO_CHAT_KEY } from "./index";
import { startDemoServer, type DemoServerHarness } from "./testing";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions on open JSON

let demo: DemoServerHarness;

beforeAll(async () => {
  demo = await startDemoServer({ paceMs: 0 });
});
afterAll(() => demo.close());

const call = (key: string, method: string, path: string, body?: unknown) => demo.call(key, method, path, body);

async function stream(key: string, user: string, query: string): Promise<Json[]> {
  const response = await call(key, "POST", "/chat-messages", { query, inputs: {}, user, response_mode: "streaming" });
  expect(response.status).toBe(200);
  return (await response.text())
    .split("\n\n")
    .filter((frame) => frame.startsWith("data: "))
    .map((frame) => JSON.parse(frame.slice(6)) as Json);
}

const history = async (key: string, user: string, conversationId: string) =>
  ((await (await call(key, "GET", `/messages?user=${user}&conversation_id=${conversationId}`)).json()) as Json).data as Json[];

describe("the demo agent (agent-chat)", () => {
  it("describes itself as an agent-chat app", async () => {
    expect(await (await call(DEMO_AGENT_KEY, "GET", "/info")).json()).toMatchObject({ name: "火花智能体", mode: "agent-chat" });
    const parameters = (await (await call(DEMO_AGENT_KEY, "GET", "/parameters")).json()) as Json;
    expect(parameters.opening_statement).toContain("火花智能体");
    expect(parameters.suggested_questions.length).toBeGreaterThanOrEqual(3);
  });

  it("streams agent_thought events around two tool calls, then agent_message text and message_end", async () => {
    const events = await stream(DEMO_AGENT_KEY, "agent-user", "一年有多少个小时？");
    const names = events.map((event) => event.event);
    expect(names.slice(0, 4)).toEqual(["agent_thought", "agent_thought", "agent_thought", "agent_thought"]);
    expect(names.at(-2)).toBe("agent_thought");
    expect(names.at(-1)).toBe("message_end");
    expect(names.slice(4, -2).every((name) => name === "agent_message")).toBe(true);
    expect(names).not.toContain("message");

    const [called, observed, second, secondObserved] = events as [Json, Json, Json, Json];
    for (const event of events.slice(0, -1)) {
      expect(event).toMatchObject({ task_id: called.task_id, message_id: called.message_id, conversation_id: called.conversation_id });
      expect(typeof event.created_at).toBe("number");
    }
    expect(called).toMatchObject({ position: 1, tool: "web_search", observation: "", message_files: [], tool_labels: { web_search: { zh_Hans: "网页搜索" } } });
    expect(called.id).not.toBe(called.message_id);
    expect(JSON.parse(called.tool_input as string)).toEqual({ web_search: { query: "一年有多少个小时", count: 3 } });
    expect(called.thought).toContain("搜索");
    expect(observed).toMatchObject({ id: called.id, position: 1, tool: "web_search" });
    expect(JSON.parse(observed.observation as string).web_search).toContain("找到 3 条");
    expect(second).toMatchObject({ position: 2, tool: "calculator", tool_labels: { calculator: { zh_Hans: "计算器" } }, observation: "" });
    expect(JSON.parse(second.tool_input as string)).toEqual({ calculator: { expression: "365 * 24" } });
    expect(JSON.parse(secondObserved.observation as string)).toEqual({ calculator: "365 * 24 = 8760" });

    const answer = events.filter((event) => event.event === "agent_message").map((event) => event.answer).join("");
    expect(answer).toContain("365 * 24 = 8760");
    const final = events.at(-2)!;
    expect(final).toMatchObject({ position: 3, tool: "", thought: answer });
    expect(events.at(-1)!.metadata.usage.total_tokens).toBeGreaterThan(0);
  });

  it("keeps the stream's steps in the history, and answers blocking calls with the same text", async () => {
    const events = await stream(DEMO_AGENT_KEY, "agent-history", "一年有多少个小时？");
    const conversationId = events[0]!.conversation_id as string;
    const [message] = await history(DEMO_AGENT_KEY, "agent-history", conversationId);
    const answer = events.filter((event) => event.event === "agent_message").map((event) => event.answer).join("");
    expect(message!.answer).toBe(answer);
    const streamed = events.filter((event) => event.event === "agent_thought");
    const last = new Map(streamed.map((event) => [event.id, event]));
    expect(message!.agent_thoughts).toHaveLength(3);
    for (const thought of message!.agent_thoughts as Json[]) {
      const sent = last.get(thought.id)!;
      expect(thought).toMatchObject({ message_id: message!.id, position: sent.position, thought: sent.thought, tool: sent.tool, tool_input: sent.tool_input, observation: sent.observation, tool_labels: sent.tool_labels });
      expect(thought.files).toEqual([]);
    }
    expect(message!.retriever_resources).toEqual([]);

    const blocking = (await (await call(DEMO_AGENT_KEY, "POST", "/chat-messages", { query: "一年有多少个小时？", inputs: {}, user: "agent-history" })).json()) as Json;
    expect(blocking).toMatchObject({ event: "message", mode: "agent-chat", answer });
    const [stored] = await history(DEMO_AGENT_KEY, "agent-history", blocking.conversation_id as string);
    expect((stored!.agent_thoughts as Json[]).map((thought) => thought.tool)).toEqual(["web_search", "calculator", ""]);
  });
});

describe("knowledge citations", () => {
  it("cite the demo knowledge base for questions about 思维火花, in message_end and the history", async () => {
    const events = await stream(DEMO_CHAT_KEY, "cite-user", "介绍一下思维火花");
    const resources = events.at(-1)!.metadata.retriever_resources as Json[];
    expect(resources.length).toBeGreaterThanOrEqual(2);
    for (const [index, resource] of resources.entries()) {
      expect(Object.keys(resource).sort()).toEqual(["content", "dataset_id", "dataset_name", "document_id", "document_name", "position", "score", "segment_id"]);
      expect(resource.position).toBe(index + 1);
      expect(resource.score).toBeGreaterThan(0);
      expect(resource.score).toBeLessThanOrEqual(1);
    }
    expect(resources[0]).toMatchObject({ dataset_name: "思维火花帮助中心", document_name: "产品介绍.md" });
    const [message] = await history(DEMO_CHAT_KEY, "cite-user", events[0]!.conversation_id as string);
    expect(message!.retriever_resources).toEqual(resources);
    expect(((await (await call(DEMO_CHAT_KEY, "GET", "/parameters")).json()) as Json).retriever_resource).toEqual({ enabled: true });
  });

  it("are left out for other questions", async () => {
    const events = await stream(DEMO_CHAT_KEY, "cite-user", "勾股定理");
    expect(events.at(-1)!.metadata).not.toHaveProperty("retriever_resources");
    const blocking = (await (await call(DEMO_CHAT_KEY, "POST", "/chat-messages", { query: "思维火花是什么", inputs: {}, user: "cite-user" })).json()) as Json;
    expect(blocking.metadata.retriever_resources).toHaveLength(3);
  });
});
