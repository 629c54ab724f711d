import { applyNodeEvent, settleNodes, type DifyStreamEvent, type NodeRun } from "@/features/ai-runtime";
import { isKnownDifyEvent, unhandledDifyEvent } from "@/features/dify-events";

export type RunStatus = "idle" | "running" | "succeeded" | "failed" | "stopped" | "partial-succeeded" | "paused" | "error";

export interface WorkflowRunState {
  status: RunStatus;
  taskId?: string;
  runId?: string;
  nodes: NodeRun[];
  /** `text_chunk`s of the streamed End/Answer output. */
  text: string;
  outputs?: Record<string, unknown>;
  error?: { message: string; statusCode: number };
  elapsed?: number;
  totalTokens?: number;
  startedAt?: number;
}

export const idleRun: WorkflowRunState = { status: "idle", nodes: [], text: "" };

export function startedRun(now: number): WorkflowRunState {
  return { status: "running", nodes: [], text: "", startedAt: now };
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);
const number = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

const FINISHED: readonly string[] = ["succeeded", "failed", "stopped", "partial-succeeded", "paused"];

/** What one SSE event of `workflows/run` does to the run shown (reference §6.5). */
export function applyWorkflowEvent(state: WorkflowRunState, event: DifyStreamEvent, now: number): WorkflowRunState {
  const ids = { taskId: text(event.task_id) ?? state.taskId, runId: text(event.workflow_run_id) ?? state.runId };
  // Events of a newer Dify: only their ids.
  if (!isKnownDifyEvent(event)) return { ...state, ...ids };
  switch (event.event) {
    case "workflow_started":
      return { ...state, ...ids };
    case "node_started":
    case "node_finished":
    case "node_retry":
      return { ...state, ...ids, nodes: applyNodeEvent(state.nodes, event, now) };
    case "text_chunk":
      return { ...state, ...ids, text: state.text + (event.data?.text ?? "") };
    case "workflow_finished": {
      const data: NonNullable<typeof event.data> = event.data ?? {};
      const status = text(data.status) ?? "succeeded";
      return {
        ...state,
        ...ids,
        status: (FINISHED.includes(status) ? status : "succeeded") as RunStatus,
        outputs: record(data.outputs),
        elapsed: number(data.elapsed_time),
        totalTokens: number(data.total_tokens),
        error: status === "failed" ? { message: text(data.error) ?? "工作流运行失败", statusCode: 0 } : state.error,
        nodes: status === "stopped" ? settleNodes(state.nodes, "stopped") : state.nodes,
      };
    }
    case "error":
      return {
        ...state,
        ...ids,
        status: "error",
        error: { message: text(event.message) ?? "工作流运行失败", statusCode: number(event.status) ?? 0 },
        nodes: settleNodes(state.nodes, "failed"),
      };
    // Progress the page does not show (nodes inside iterations and loops), thinking, chat-only events
    // (a workflow app sends none), audio and keep-alives.
    case "iteration_started":
    case "iteration_next":
    case "iteration_completed":
    case "loop_started":
    case "loop_next":
    case "loop_completed":
    case "reasoning_chunk":
    case "message":
    case "agent_message":
    case "agent_thought":
    case "message_file":
    case "message_end":
    case "message_replace":
    case "tts_message":
    case "tts_message_end":
    case "ping":
      return { ...state, ...ids };
    default:
      return unhandledDifyEvent(event);
  }
}

/** The run after its stream closed: a stream that ended without `workflow_finished` is an error or a stop. */
export function settleRun(state: WorkflowRunState, how: "closed" | "stopped", now: number): WorkflowRunState {
  if (state.status !== "running") return state;
  const elapsed = state.startedAt !== undefined ? (now - state.startedAt) / 1000 : undefined;
  const nodes = settleNodes(state.nodes, "stopped");
  if (how === "stopped") return { ...state, status: "stopped", elapsed, nodes };
  return { ...state, status: "error", elapsed, nodes, error: { message: "运行中断了，请重试", statusCode: 0 } };
}
