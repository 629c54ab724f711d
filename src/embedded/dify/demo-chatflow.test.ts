import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CHATFLOW_KEY } from "./index";
import { startDemoServer, type DemoServerHarness } from "./testing";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions on open JSON

let demo: DemoServerHarness;

beforeAll(async () => {
  demo = await startDemoServer({ paceMs: 0 });
});
afterAll(() => demo.close());

const call = (method: string, path: string, body?: unknown) => demo.call(DEMO_CHATFLOW_KEY, method, path, body);

async function stream(user: string, query: string): Promise<Json[]> {
  const response = await call("POST", "/chat-messages", { query, inputs: {}, user, response_mode: "streaming" });
  expect(response.status).toBe(200);
  return (await response.text())
    .split("\n\n")
    .filter((frame) => frame.startsWith("data: "))
    .map((frame) => JSON.parse(frame.slice(6)) as Json);
}

/** The event names with runs of `message` chunks folded into one `message*`. */
const shape = (events: Json[]) =>
  events.map((event) => (event.event === "node_started" || event.event === "node_finished" ? `${event.event}:${event.data.node_id}` : event.event)).filter((name, index, all) => name !== "message" || all[index - 1] !== "message").map((name) => (name === "message" ? "message*" : name));

describe("the demo chatflow (advanced-chat)", () => {
  it("describes itself as an advanced-chat app with suggestions after answers", async () => {
    expect(await (await call("GET", "/info")).json()).toMatchObject({ name: "火花知识助手", mode: "advanced-chat" });
    const parameters = (await (await call("GET", "/parameters")).json()) as Json;
    expect(parameters.opening_statement).toContain("火花知识助手");
    expect(parameters.suggested_questions.length).toBeGreaterThanOrEqual(3);
    expect(parameters.suggested_questions_after_answer).toEqual({ enabled: true });
    expect(parameters.retriever_resource).toEqual({ enabled: true });
  });

  it("streams Dify's chatflow sequence: workflow and node events around the message chunks, workflow_finished, then message_end", async () => {
    const events = await stream("flow-user", "思维火花能做什么？");
    expect(shape(events)).toEqual([
      "workflow_started",
      "node_started:start",
      "node_finished:start",
      "node_started:knowledge",
      "node_finished:knowledge",
      "node_started:llm",
      "message*",
      "node_finished:llm",
      "node_started:answer",
      "node_finished:answer",
      "workflow_finished",
      "message_end",
    ]);
    const first = events[0]!;
    const runId = first.workflow_run_id as string;
    for (const event of events) {
      expect(event).toMatchObject({ task_id: first.task_id, message_id: first.message_id, conversation_id: first.conversation_id });
      if (event.event !== "message" && event.event !== "message_end") expect(event).toMatchObject({ workflow_run_id: runId, data: expect.any(Object) });
    }
    expect(first.data).toMatchObject({ id: runId, inputs: { "sys.query": "思维火花能做什么？", "sys.user_id": "flow-user" } });

    const finished = events.filter((event) => event.event === "node_finished").map((event) => event.data as Json);
    expect(finished.map((node) => [node.title, node.node_type, node.index, node.predecessor_node_id, node.status])).toEqual([
      ["开始", "start", 1, null, "succeeded"],
      ["知识检索", "knowledge-retrieval", 2, "start", "succeeded"],
      ["大模型", "llm", 3, "knowledge", "succeeded"],
      ["直接回复", "answer", 4, "llm", "succeeded"],
    ]);
    const started = events.filter((event) => event.event === "node_started").map((event) => event.data as Json);
    for (const [index, node] of finished.entries()) {
      expect(node.id).toBe(started[index]!.id);
      expect(typeof node.elapsed_time).toBe("number");
      expect(node.finished_at).toBeGreaterThanOrEqual(node.created_at);
      expect(node).toHaveProperty("inputs");
      expect(node).toHaveProperty("outputs");
    }
    expect(finished[2]!.execution_metadata.total_tokens).toBeGreaterThan(0);

    const answer = events.filter((event) => event.event === "message").map((event) => event.answer).join("");
    expect(answer).toContain("思维火花帮助中心");
    expect(events.find((event) => event.event === "message")).toMatchObject({ id: first.message_id, from_variable_selector: ["llm", "text"] });
    const run = events.at(-2)!.data as Json;
    expect(run).toMatchObject({ id: runId, status: "succeeded", outputs: { answer }, total_steps: 4, error: null });
    const end = events.at(-1)!;
    expect(end.metadata.usage.total_tokens).toBeGreaterThan(0);
    // The knowledge node's result is what message_end cites.
    expect(end.metadata.retriever_resources).toEqual(finished[1]!.outputs.result);
    expect(end.metadata.retriever_resources[0]).toMatchObject({ dataset_name: "思维火花帮助中心", position: 1 });
  });

  it("is deterministic, keeps the text and citations for GET /messages and suggests follow-ups", async () => {
    const once = await stream("flow-history", "思维火花的用量怎么计算？");
    const again = await stream("flow-history", "思维火花的用量怎么计算？");
    const text = (events: Json[]) => events.filter((event) => event.event === "message").map((event) => event.answer).join("");
    expect(text(again)).toBe(text(once));
    const end = once.at(-1)!;
    const history = (await (await call("GET", `/messages?user=flow-history&conversation_id=${end.conversation_id}`)).json()) as Json;
    expect(history.data[0]).toMatchObject({ answer: text(once), retriever_resources: end.metadata.retriever_resources });
    const suggested = (await (await call("GET", `/messages/${end.message_id}/suggested?user=flow-history`)).json()) as Json;
    expect(suggested).toMatchObject({ result: "success" });
    expect(suggested.data.length).toBeGreaterThan(0);
  });

  it("fails a run on #节点失败: the llm node and workflow_finished fail, then error, no message_end", async () => {
    const events = await stream("flow-fail", "写一首诗 #节点失败");
    const names = events.map((event) => event.event);
    expect(names.slice(-3)).toEqual(["node_finished", "workflow_finished", "error"]);
    expect(names).not.toContain("message_end");
    expect(events.at(-3)!.data).toMatchObject({ node_id: "llm", status: "failed", error: expect.stringContaining("#节点失败") });
    expect(events.at(-2)!.data).toMatchObject({ status: "failed", error: expect.stringContaining("#节点失败") });
    expect(events.at(-1)).toMatchObject({ status: 500, code: "internal_server_error" });
  });
});
