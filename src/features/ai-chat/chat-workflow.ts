import { applyNodeEvent, formatSeconds, isNodeEvent, settleNodes, type DifyStreamEvent } from "@/features/ai-runtime";
import { isKnownDifyEvent, type DifyEventOf } from "@/features/dify-events";
import type { ChatWorkflow } from "./types";

/**
 * A chatflow (Dify `advanced-chat`) answers through a workflow whose events arrive inside the chat
 * stream (reference §6.3): `workflow_started`, node events between the `message` chunks,
 * `workflow_finished`. This folds them into the answer's progress line and node list.
 * Dify's `GET /messages` returns no node events, so after a reload only the text and citations remain.
 */

export type ChatWorkflowEvent = DifyEventOf<"workflow_started" | "node_started" | "node_finished" | "node_retry" | "workflow_finished">;

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

export function isWorkflowEvent(event: DifyStreamEvent): event is ChatWorkflowEvent {
  return isKnownDifyEvent(event) && (event.event === "workflow_started" || event.event === "workflow_finished" || isNodeEvent(event));
}

/** The answer's workflow after one workflow / node event (`undefined` until the run starts). */
export function applyWorkflowEventToChat(workflow: ChatWorkflow | undefined, event: DifyStreamEvent, now: number): ChatWorkflow | undefined {
  if (!isWorkflowEvent(event)) return workflow;
  const current: ChatWorkflow = workflow ?? { status: "running", nodes: [], startedAt: now };
  if (event.event !== "workflow_finished") return { ...current, nodes: applyNodeEvent(current.nodes, event, now) };
  const data: NonNullable<typeof event.data> = event.data ?? {};
  const reported = text(data.status) ?? "succeeded";
  const status: ChatWorkflow["status"] = reported === "failed" || reported === "stopped" ? reported : "succeeded";
  const elapsed = typeof data.elapsed_time === "number" && Number.isFinite(data.elapsed_time) ? data.elapsed_time : (now - current.startedAt) / 1000;
  return {
    ...current,
    status,
    elapsed,
    error: status === "failed" ? (text(data.error) ?? "工作流运行失败") : undefined,
    nodes: status === "succeeded" ? current.nodes : settleNodes(current.nodes, status),
  };
}

/** A run whose stream ended without `workflow_finished` (stopped by the user, or cut off). */
export function settleChatWorkflow(workflow: ChatWorkflow | undefined, status: "stopped" | "failed", now: number): ChatWorkflow | undefined {
  if (!workflow || workflow.status !== "running") return workflow;
  return { ...workflow, status, elapsed: (now - workflow.startedAt) / 1000, nodes: settleNodes(workflow.nodes, status) };
}

/** The node that failed, for the Chinese error under the answer. */
export function failedNodeTitle(workflow: ChatWorkflow | undefined): string | undefined {
  return workflow?.nodes.find((node) => node.status === "failed" || node.status === "exception")?.title;
}

/** The folded line: 「工作流运行中 · 2/4 个节点」, 「工作流已完成 · 4 个节点 · 1.20 秒」… */
export function workflowProgressLabel(workflow: ChatWorkflow): string {
  const count = workflow.nodes.length;
  const done = workflow.nodes.filter((node) => node.status !== "running").length;
  const time = workflow.elapsed !== undefined ? ` · ${formatSeconds(workflow.elapsed)}` : "";
  switch (workflow.status) {
    case "running":
      return `工作流运行中 · ${done}/${count} 个节点`;
    case "succeeded":
      return `工作流已完成 · ${count} 个节点${time}`;
    case "failed":
      return `工作流运行失败 · ${done}/${count} 个节点${time}`;
    case "stopped":
      return `工作流已停止 · ${done}/${count} 个节点${time}`;
  }
}
