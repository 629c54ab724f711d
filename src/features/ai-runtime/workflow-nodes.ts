import { isKnownDifyEvent, type DifyEvent, type DifyEventOf } from "@/features/dify-events";

/**
 * A workflow's nodes as the SSE events tell them (reference §6.5): the workflow page and a chatflow's
 * answer in the chat page both show this list, so both fold the node events the same way.
 */

export type NodeStatus = "running" | "succeeded" | "failed" | "stopped" | "exception" | "paused";

export interface NodeRun {
  /** Node execution id. */
  id: string;
  nodeId: string;
  title: string;
  type: string;
  status: NodeStatus;
  /** Client clock when node_started arrived (for the live timer). */
  startedAt: number;
  /** Seconds, from node_finished. */
  elapsed?: number;
  error?: string;
}

const NODE_STATUSES: readonly string[] = ["running", "succeeded", "failed", "stopped", "exception", "paused"];

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);
const number = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

export type NodeEvent = DifyEventOf<"node_started" | "node_finished" | "node_retry">;

/** Whether the event changes the node list (the callers' other events leave it as it is). */
export function isNodeEvent(event: DifyEvent): event is NodeEvent {
  return isKnownDifyEvent(event) && (event.event === "node_started" || event.event === "node_finished" || event.event === "node_retry");
}

/** The node list after one `node_started` / `node_finished` / `node_retry`; other events return it unchanged. */
export function applyNodeEvent(nodes: NodeRun[], event: DifyEvent, now: number): NodeRun[] {
  if (!isNodeEvent(event)) return nodes;
  const data: NonNullable<NodeEvent["data"]> = event.data ?? {};
  // Nodes inside iterations and loops repeat per round: the iteration node itself stands for them.
  if (data.iteration_id || data.loop_id) return nodes;
  if (event.event === "node_started") {
    const node: NodeRun = {
      id: text(data.id) ?? `${nodes.length}`,
      nodeId: text(data.node_id) ?? "",
      title: text(data.title) ?? text(data.node_type) ?? "节点",
      type: text(data.node_type) ?? "",
      status: "running",
      startedAt: now,
    };
    return [...nodes.filter((item) => item.id !== node.id), node];
  }
  const id = text(data.id);
  const reported = text(data.status) ?? "succeeded";
  const status: NodeStatus = event.event === "node_retry" ? "running" : NODE_STATUSES.includes(reported) ? (reported as NodeStatus) : "succeeded";
  return nodes.map((node) => (node.id === id ? { ...node, status, elapsed: number(data.elapsed_time), error: text(data.error) } : node));
}

/** Nodes still running when the run ended get the run's outcome (stopped, or failed after an error). */
export function settleNodes(nodes: NodeRun[], status: "stopped" | "failed"): NodeRun[] {
  return nodes.some((node) => node.status === "running") ? nodes.map((node) => (node.status === "running" ? { ...node, status } : node)) : nodes;
}
