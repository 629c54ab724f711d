import { describe, expect, it, vi } from "vitest";
import { parseDifyEvent, type DifyEvent } from "@/features/dify-events";
import { applyChatEvent, exchangeFromHistory, withSettledWorkflow } from "./exchange-events";
import type { Exchange } from "./types";

const start: Exchange = { key: "k", query: "你好", files: [], fileRefs: [], answer: "", status: "streaming", feedback: null };

describe("applyChatEvent", () => {
  it("appends message chunks and learns the task and message ids", () => {
    let exchange = applyChatEvent(start, { event: "message", task_id: "t1", id: "m1", message_id: "m1", answer: "你" });
    exchange = applyChatEvent(exchange, { event: "message", task_id: "t1", id: "m1", answer: "好" });
    expect(exchange).toMatchObject({ answer: "你好", taskId: "t1", messageId: "m1", status: "streaming" });
  });

  it("replaces the answer on message_replace and records stream errors", () => {
    const replaced = applyChatEvent({ ...start, answer: "不当内容" }, { event: "message_replace", answer: "内容已被替换" });
    expect(replaced.answer).toBe("内容已被替换");
    const failed = applyChatEvent(replaced, { event: "error", status: 400, code: "completion_request_error", message: "模型调用失败，请稍后重试" });
    expect(failed).toMatchObject({ status: "error", error: { message: "模型调用失败，请稍后重试", statusCode: 400 }, answer: "内容已被替换" });
  });

  it("reads a malformed known event's bad fields as absent and an unknown event for its ids only", () => {
    const parsed = (json: unknown) => parseDifyEvent(json) as DifyEvent;
    const bad = applyChatEvent({ ...start, answer: "你" }, parsed({ event: "message", task_id: "t1", answer: 42 }));
    expect(bad).toMatchObject({ answer: "你", taskId: "t1", status: "streaming" });
    const badError = applyChatEvent(start, parsed({ event: "error", status: "500", message: "" }));
    expect(badError).toMatchObject({ status: "error", error: { message: "回答失败，请重试", statusCode: 0 } });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const unknown = applyChatEvent({ ...start, answer: "你" }, parsed({ event: "human_input_required", task_id: "t2", message_id: "m2", answer: "不该出现" }));
    expect(unknown).toMatchObject({ answer: "你", taskId: "t2", messageId: "m2", status: "streaming" });
    vi.restoreAllMocks();
  });

  it("adds the assistant's files to the answer", () => {
    const withImage = applyChatEvent({ ...start, answer: "看图：" }, { event: "message_file", id: "f", type: "image", belongs_to: "assistant", url: "https://x/a.png" });
    expect(withImage.answer).toBe("看图：\n\n![图片](https://x/a.png)\n\n");
  });

  it("turns a stored message into an exchange", () => {
    const exchange = exchangeFromHistory({
      id: "m9",
      query: "问题",
      answer: "回答",
      feedback: { rating: "like" },
      message_files: [{ id: "f1", filename: "a.png", type: "image", url: "https://x/a.png", belongs_to: "user" }],
    });
    expect(exchange).toMatchObject({ key: "m9", messageId: "m9", status: "done", feedback: "like", files: [{ id: "f1", name: "a.png" }] });
  });
});

describe("agent steps and citations", () => {
  const thought = (extra: Record<string, unknown>) => ({
    event: "agent_thought",
    task_id: "t1",
    message_id: "m1",
    conversation_id: "c1",
    created_at: 1,
    message_files: [],
    ...extra,
  });
  const search = { id: "a1", position: 1, thought: "先搜索", tool: "web_search", tool_labels: { web_search: { zh_Hans: "网页搜索", en_US: "Web Search" } }, tool_input: '{"web_search":{"query":"火花"}}', observation: "" };

  it("adds agent steps as they arrive, updates a step by id, keeps them in position order", () => {
    let exchange = applyChatEvent(start, thought({ ...search, id: "a2", position: 2, tool: "calculator", tool_labels: {}, tool_input: '{"calculator":{"expression":"1 + 1"}}' }));
    exchange = applyChatEvent(exchange, thought(search));
    expect(exchange.messageId).toBe("m1");
    expect(exchange.agentSteps?.map((step) => step.id)).toEqual(["a1", "a2"]);
    expect(exchange.agentSteps?.[0]).toEqual({ id: "a1", position: 1, thought: "先搜索", tools: [{ name: "web_search", label: "网页搜索", input: '{\n  "query": "火花"\n}', observation: "" }] });
    expect(exchange.agentSteps?.[1]?.tools[0]).toMatchObject({ name: "calculator", label: "calculator", input: '{\n  "expression": "1 + 1"\n}' });
    exchange = applyChatEvent(exchange, thought({ ...search, observation: '{"web_search":"找到 3 条结果"}' }));
    expect(exchange.agentSteps).toHaveLength(2);
    expect(exchange.agentSteps?.[0]?.tools[0]?.observation).toBe("找到 3 条结果");
    exchange = applyChatEvent(exchange, { event: "agent_message", id: "m1", answer: "答案" });
    expect(exchange.answer).toBe("答案");
  });

  it("reads several tools of one step, plain observations and inputs that are not JSON", () => {
    const exchange = applyChatEvent(start, thought({ id: "a1", position: 1, thought: "", tool: "a;b", tool_labels: { a: "工具甲" }, tool_input: "不是 JSON", observation: "纯文本结果" }));
    expect(exchange.agentSteps?.[0]?.tools).toEqual([
      { name: "a", label: "工具甲", input: "不是 JSON", observation: "纯文本结果" },
      { name: "b", label: "b", input: "不是 JSON", observation: "纯文本结果" },
    ]);
    expect(applyChatEvent(start, thought({ position: 1 })).agentSteps).toBeUndefined(); // no id: ignored
  });

  it("takes citations from message_end", () => {
    const resource = { position: 1, dataset_id: "d", dataset_name: "帮助中心", document_id: "doc", document_name: "产品介绍.md", segment_id: "s1", score: 0.91, content: "思维火花是……" };
    const ended = applyChatEvent(start, { event: "message_end", id: "m1", metadata: { usage: {}, retriever_resources: [resource, { position: 2 }] } });
    expect(ended.citations).toEqual([{ position: 1, datasetName: "帮助中心", documentName: "产品介绍.md", segmentId: "s1", score: 0.91, content: "思维火花是……" }]);
    expect(applyChatEvent(start, { event: "message_end", id: "m1", metadata: { usage: {} } }).citations).toBeUndefined();
  });

  it("restores steps and citations from the history", () => {
    const exchange = exchangeFromHistory({
      id: "m2",
      query: "问题",
      answer: "最终回答",
      agent_thoughts: [
        { id: "z", position: 3, thought: "最终回答", tool: "", tool_input: "", observation: "", files: [] },
        { ...search, observation: '{"web_search":"结果"}', files: [] },
      ],
      retriever_resources: [{ position: 1, dataset_name: "帮助中心", document_name: "常见问题.md", segment_id: "s2", content: "额度" }],
    });
    expect(exchange.agentSteps?.map((step) => step.id)).toEqual(["a1", "z"]);
    expect(exchange.citations).toMatchObject([{ documentName: "常见问题.md", score: null, content: "额度" }]);
    expect(exchangeFromHistory({ id: "m3", query: "q", answer: "a", agent_thoughts: [], retriever_resources: [] })).toMatchObject({ agentSteps: undefined, citations: undefined });
  });
});

describe("chatflow workflow events inside a chat answer", () => {
  const ids = { task_id: "t1", message_id: "m1", conversation_id: "c1", workflow_run_id: "r1" };
  const node = (event: string, data: Record<string, unknown>) => ({ event, ...ids, data });
  const nodes = [
    ["n1", "start", "start", "开始"],
    ["n2", "knowledge", "knowledge-retrieval", "知识检索"],
  ] as const;

  it("follows the run and its nodes between the message chunks, then the finished run", () => {
    let exchange = applyChatEvent(start, { event: "workflow_started", ...ids, data: { id: "r1" } }, 1000);
    expect(exchange.workflow).toMatchObject({ status: "running", nodes: [], startedAt: 1000 });
    for (const [id, nodeId, type, title] of nodes) {
      exchange = applyChatEvent(exchange, node("node_started", { id, node_id: nodeId, node_type: type, title }), 1000);
      exchange = applyChatEvent(exchange, node("node_finished", { id, node_id: nodeId, status: "succeeded", elapsed_time: 0.05 }), 1050);
    }
    exchange = applyChatEvent(exchange, node("node_started", { id: "n3", node_id: "llm", node_type: "llm", title: "大模型" }), 1100);
    exchange = applyChatEvent(exchange, { event: "message", ...ids, id: "m1", answer: "思维" }, 1200);
    exchange = applyChatEvent(exchange, { event: "message", ...ids, id: "m1", answer: "火花" }, 1300);
    expect(exchange.answer).toBe("思维火花");
    expect(exchange.workflow?.nodes.map((item) => [item.title, item.status])).toEqual([
      ["开始", "succeeded"],
      ["知识检索", "succeeded"],
      ["大模型", "running"],
    ]);
    exchange = applyChatEvent(exchange, node("node_finished", { id: "n3", status: "succeeded", elapsed_time: 0.8 }), 1400);
    exchange = applyChatEvent(exchange, { event: "workflow_finished", ...ids, data: { id: "r1", status: "succeeded", elapsed_time: 1.2, total_steps: 3 } }, 1500);
    exchange = applyChatEvent(exchange, { event: "message_end", ...ids, id: "m1", metadata: { usage: {} } }, 1600);
    expect(exchange).toMatchObject({ answer: "思维火花", taskId: "t1", messageId: "m1", workflow: { status: "succeeded", elapsed: 1.2 } });
    expect(exchange.workflow?.nodes.every((item) => item.status === "succeeded")).toBe(true);
  });

  it("shows a failed run in Chinese, naming the node that failed", () => {
    let exchange = applyChatEvent(start, { event: "workflow_started", ...ids, data: { id: "r1" } }, 0);
    exchange = applyChatEvent(exchange, node("node_started", { id: "n3", node_id: "llm", node_type: "llm", title: "大模型" }), 0);
    exchange = applyChatEvent(exchange, node("node_finished", { id: "n3", status: "failed", error: "[demo] LLM node failed", elapsed_time: 0.3 }), 300);
    exchange = applyChatEvent(exchange, { event: "workflow_finished", ...ids, data: { status: "failed", error: "[demo] LLM node failed", elapsed_time: 0.4 } }, 400);
    exchange = applyChatEvent(exchange, { event: "error", ...ids, status: 500, code: "internal_server_error", message: "[demo] LLM node failed" }, 500);
    expect(exchange).toMatchObject({ status: "error", error: { message: "工作流运行失败：「大模型」节点出错，请重试" }, workflow: { status: "failed", error: "[demo] LLM node failed" } });
    expect(exchange.workflow?.nodes[0]).toMatchObject({ status: "failed", error: "[demo] LLM node failed" });
  });

  it("settles a run whose stream ended without workflow_finished, and leaves other answers alone", () => {
    let exchange = applyChatEvent(start, { event: "workflow_started", ...ids, data: { id: "r1" } }, 0);
    exchange = applyChatEvent(exchange, node("node_started", { id: "n1", node_id: "start", title: "开始" }), 0);
    const stopped = withSettledWorkflow({ ...exchange, status: "stopped" }, "stopped", 2000);
    expect(stopped.workflow).toMatchObject({ status: "stopped", elapsed: 2, nodes: [{ status: "stopped" }] });
    expect(withSettledWorkflow(start, "failed")).toBe(start);
    expect(applyChatEvent(start, { event: "message", ...ids, id: "m1", answer: "好" }).workflow).toBeUndefined();
  });
});
