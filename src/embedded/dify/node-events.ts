import { randomUUID } from "node:crypto";
import { nowSeconds } from "./context";

/**
 * `node_started` / `node_finished` payloads (reference §6.5, under `data`) shared by the workflow and
 * the chatflow demo, so both apps describe their nodes with the same fields.
 */

export type NodeSpec = {
  node_id: string;
  node_type: string;
  title: string;
};

export type NodeStatus = "succeeded" | "failed" | "stopped";

// A type alias, not an interface: the SSE writer takes it as a plain JSON record.
export type NodeExecution = NodeSpec & {
  id: string;
  index: number;
  predecessor_node_id: string | null;
  inputs: Record<string, unknown>;
  created_at: number;
  extras: Record<string, never>;
  iteration_id: null;
  loop_id: null;
};

/** A node starting: a fresh execution id, its place in the run and what it was given. */
export function startNode(node: NodeSpec, index: number, predecessor: string | null, inputs: Record<string, unknown>): NodeExecution {
  return { id: randomUUID(), ...node, index, predecessor_node_id: predecessor, inputs, created_at: nowSeconds(), extras: {}, iteration_id: null, loop_id: null };
}

/** The same node finished: `node_started`'s fields plus outcome, time and tokens. */
export function finishNode(
  execution: NodeExecution,
  outcome: { status: NodeStatus; outputs: Record<string, unknown> | null; error?: string | null; startedMs: number; totalTokens?: number },
) {
  return {
    ...execution,
    process_data: null,
    outputs: outcome.outputs,
    status: outcome.status,
    error: outcome.error ?? null,
    elapsed_time: (Date.now() - outcome.startedMs) / 1000,
    execution_metadata: outcome.totalTokens === undefined ? null : { total_tokens: outcome.totalTokens, total_price: "0", currency: "USD" },
    finished_at: nowSeconds(),
    files: [],
  };
}
