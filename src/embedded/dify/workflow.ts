import { randomUUID } from "node:crypto";
import { buildAnswer, chunkAnswer, usageFor } from "./answer";
import { nowSeconds, type DemoContext, type DemoDeps } from "./context";
import { difyError } from "./errors";
import { finishNode, startNode, type NodeSpec } from "./node-events";
import { sseResponse, type SseWriter } from "./sse";
import type { Owner } from "./store";
import { textOfInputs, triggersIn } from "./triggers";

const WORKFLOW_ID = "8c7e5d44-0000-4000-8000-00000000f10f";

const NODES: NodeSpec[] = [
  { node_id: "start", node_type: "start", title: "开始" },
  { node_id: "llm", node_type: "llm", title: "生成大纲" },
  { node_id: "end", node_type: "end", title: "结束" },
];

type RunStatus = "succeeded" | "failed" | "stopped";

/** The demo workflow: start → llm (streams `text_chunk`s) → end, outputs `{ result }`. */
export async function runWorkflow(
  c: DemoContext,
  deps: DemoDeps,
  run: { owner: Owner; inputs: Record<string, unknown>; attachments: string[]; streaming: boolean },
): Promise<Response> {
  const text = textOfInputs(run.inputs);
  const triggers = triggersIn(text);
  if (triggers.has("http500")) return difyError(c, 500, "internal_server_error", "The server encountered an internal error and was unable to complete your request.");
  if (triggers.has("http429")) return difyError(c, 429, "too_many_requests", "Too many requests. Please try again later.");

  const started = Date.now();
  const taskId = randomUUID();
  const runId = randomUUID();
  const createdAt = nowSeconds();
  const topic = typeof run.inputs.topic === "string" && run.inputs.topic ? run.inputs.topic : text;
  const references = run.attachments.map((name) => `> 参考资料：${name}\n\n`).join("");
  const answer = references + buildAnswer({ mode: "workflow", topic, inputs: run.inputs });
  const elapsed = () => (Date.now() - started) / 1000;
  const finished = (status: RunStatus, outputText: string, error: string | null) => {
    const usage = usageFor(JSON.stringify(run.inputs), outputText, elapsed());
    return {
      id: runId,
      workflow_id: WORKFLOW_ID,
      status,
      outputs: status === "succeeded" ? { result: outputText } : {},
      error,
      elapsed_time: elapsed(),
      total_tokens: outputText ? usage.total_tokens : 0,
      total_steps: status === "succeeded" ? NODES.length : 2,
      created_at: createdAt,
      finished_at: nowSeconds(),
    };
  };

  if (!run.streaming) {
    if (triggers.has("nodeFailure")) {
      return c.json({ task_id: taskId, workflow_run_id: runId, data: finished("failed", "", "[demo] LLM node failed (#节点失败).") });
    }
    return c.json({ task_id: taskId, workflow_run_id: runId, data: finished("succeeded", answer, null) });
  }

  return sseResponse(deps.timing, async (writer) => {
    const send = (event: string, data: Record<string, unknown>) => writer.send({ event, task_id: taskId, workflow_run_id: runId, data });
    send("workflow_started", { id: runId, workflow_id: WORKFLOW_ID, inputs: { ...run.inputs, "sys.user_id": run.owner.user }, created_at: createdAt, reason: "initial" });

    let previous: string | null = null;
    let output = "";
    for (const [index, node] of NODES.entries()) {
      const nodeExecution = startNode(node, index + 1, previous, index === 0 ? run.inputs : {});
      const nodeStarted = Date.now();
      send("node_started", nodeExecution);
      let status: "succeeded" | "failed" | "stopped" = "succeeded";
      if (node.node_type === "llm") {
        if (triggers.has("slow")) await writer.idle(deps.slowGapMs);
        const outcome = await streamLlm(writer, deps, taskId, answer, triggers, (chunk) => {
          output += chunk;
          send("text_chunk", { text: chunk, from_variable_selector: ["llm", "text"] });
        });
        if (outcome === "error") {
          writer.send({ event: "error", task_id: taskId, workflow_run_id: runId, status: 400, code: "completion_request_error", message: "[demo] Model invocation failed (#错误事件)." });
          return;
        }
        if (outcome === "cut") return;
        status = outcome;
      }
      const nodeUsage = node.node_type === "llm" ? usageFor(JSON.stringify(run.inputs), output, 0).total_tokens : 0;
      send(
        "node_finished",
        finishNode(nodeExecution, {
          status,
          outputs: node.node_type === "start" ? run.inputs : status === "succeeded" ? { text: output } : null,
          error: status === "failed" ? "[demo] LLM node failed (#节点失败)." : null,
          startedMs: nodeStarted,
          totalTokens: node.node_type === "llm" ? nodeUsage : undefined,
        }),
      );
      if (status !== "succeeded") {
        const error = status === "failed" ? "[demo] LLM node failed (#节点失败)." : "Workflow execution stopped by user.";
        send("workflow_finished", { ...finished(status, output, error), total_tokens: output ? usageFor(JSON.stringify(run.inputs), output, 0).total_tokens : 0, created_by: { id: run.owner.user, user: run.owner.user }, exceptions_count: 0, files: [] });
        return;
      }
      previous = node.node_id;
    }
    send("workflow_finished", { ...finished("succeeded", output, null), created_by: { id: run.owner.user, user: run.owner.user }, exceptions_count: 0, files: [] });
  });
}

async function streamLlm(
  writer: SseWriter,
  deps: DemoDeps,
  taskId: string,
  answer: string,
  triggers: Set<string>,
  emit: (chunk: string) => void,
): Promise<"succeeded" | "failed" | "stopped" | "error" | "cut"> {
  for (const [index, chunk] of chunkAnswer(answer).entries()) {
    if (writer.closed || deps.flags.isStopped(taskId)) return "stopped";
    if (index === 3) {
      if (triggers.has("errorEvent")) return "error";
      if (triggers.has("cut")) return "cut";
      if (triggers.has("nodeFailure")) return "failed";
    }
    emit(chunk);
    await writer.pace();
  }
  return "succeeded";
}
