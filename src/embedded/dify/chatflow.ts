import { randomUUID } from "node:crypto";
import { usageFor } from "./answer";
import type { RetrieverResource } from "./citations";
import { nowSeconds } from "./context";
import { finishNode, startNode, type NodeExecution, type NodeSpec, type NodeStatus } from "./node-events";
import type { SseWriter } from "./sse";

/**
 * The demo chatflow (`demo-chatflow`, Dify mode `advanced-chat`): every answer runs a small workflow
 * 开始 → 知识检索 → 大模型 → 直接回复, streamed in Dify's chatflow sequence (reference §6.3):
 * `workflow_started`, node events with the `message` chunks sent while the 大模型 node runs,
 * `workflow_finished`, then the caller's `message_end` (or `error` after a failed run).
 */

const CHATFLOW_ID = "3f9a6c21-0000-4000-8000-00000000c4a7";

const NODES = {
  start: { node_id: "start", node_type: "start", title: "开始" },
  knowledge: { node_id: "knowledge", node_type: "knowledge-retrieval", title: "知识检索" },
  llm: { node_id: "llm", node_type: "llm", title: "大模型" },
  answer: { node_id: "answer", node_type: "answer", title: "直接回复" },
} satisfies Record<string, NodeSpec>;

export const CHATFLOW_NODE_COUNT = Object.keys(NODES).length;

export const NODE_FAILURE_MESSAGE = "[demo] LLM node failed (#节点失败).";

export interface ChatflowContext {
  writer: SseWriter;
  /** The message ids every chatflow event carries besides `workflow_run_id` + `data`. */
  ids: Record<string, string>;
  user: string;
  query: string;
  inputs: Record<string, unknown>;
  resources: RetrieverResource[];
}

/** One chatflow run's workflow events around the answer's `message` chunks. */
export class ChatflowRun {
  readonly runId = randomUUID();
  private readonly started = Date.now();
  private readonly createdAt = nowSeconds();
  private steps = 0;
  private llm: { execution: NodeExecution; startedMs: number } | null = null;

  constructor(private readonly context: ChatflowContext) {}

  private send(event: string, data: Record<string, unknown>) {
    this.context.writer.send({ event, ...this.context.ids, workflow_run_id: this.runId, data });
  }

  private begin(node: NodeSpec, predecessor: string | null, inputs: Record<string, unknown>) {
    this.steps += 1;
    const execution = startNode(node, this.steps, predecessor, inputs);
    this.send("node_started", execution);
    return { execution, startedMs: Date.now() };
  }

  private end(node: { execution: NodeExecution; startedMs: number }, status: NodeStatus, outputs: Record<string, unknown> | null, totalTokens?: number) {
    this.send("node_finished", finishNode(node.execution, { status, outputs, error: status === "failed" ? NODE_FAILURE_MESSAGE : null, startedMs: node.startedMs, totalTokens }));
  }

  /** `workflow_started`, 开始 and 知识检索 done, 大模型 started: the answer's chunks follow. */
  open(pace: () => Promise<void>): Promise<void> {
    const { query, inputs, user, resources } = this.context;
    const systemInputs = { ...inputs, "sys.query": query, "sys.user_id": user, "sys.conversation_id": this.context.ids.conversation_id ?? "" };
    this.send("workflow_started", { id: this.runId, workflow_id: CHATFLOW_ID, inputs: systemInputs, created_at: this.createdAt, reason: "initial" });
    return (async () => {
      const start = this.begin(NODES.start, null, systemInputs);
      await pace();
      this.end(start, "succeeded", systemInputs);
      const knowledge = this.begin(NODES.knowledge, NODES.start.node_id, { query });
      await pace();
      this.end(knowledge, "succeeded", { result: resources });
      this.llm = this.begin(NODES.llm, NODES.knowledge.node_id, { query });
    })();
  }

  /** 大模型 (and on success 直接回复) finished, then `workflow_finished`. */
  close(status: NodeStatus, text: string, prompt: string): void {
    const tokens = text ? usageFor(prompt, text, 0).total_tokens : 0;
    if (this.llm) this.end(this.llm, status, status === "succeeded" ? { text } : null, tokens);
    if (status === "succeeded") {
      const answer = this.begin(NODES.answer, NODES.llm.node_id, { answer: text });
      this.end(answer, "succeeded", { answer: text });
    }
    const error = status === "failed" ? NODE_FAILURE_MESSAGE : status === "stopped" ? "Workflow execution stopped by user." : null;
    this.send("workflow_finished", {
      id: this.runId,
      workflow_id: CHATFLOW_ID,
      status,
      outputs: status === "succeeded" ? { answer: text } : {},
      error,
      elapsed_time: (Date.now() - this.started) / 1000,
      total_tokens: tokens,
      total_steps: this.steps,
      created_at: this.createdAt,
      finished_at: nowSeconds(),
      created_by: { id: this.context.user, user: this.context.user },
      exceptions_count: 0,
      files: [],
    });
  }
}
