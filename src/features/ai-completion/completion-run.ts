import type { DifyStreamEvent, Rating } from "@/features/ai-runtime";
import { isKnownDifyEvent, unhandledDifyEvent } from "@/features/dify-events";

export interface CompletionState {
  status: "idle" | "streaming" | "done" | "stopped" | "error";
  text: string;
  taskId?: string;
  messageId?: string;
  feedback: Rating;
  error?: { message: string; statusCode: number };
}

export const idleCompletion: CompletionState = { status: "idle", text: "", feedback: null };

const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

/** What one SSE event of `completion-messages` does to the text shown (reference §4.2, §6.4). */
export function applyCompletionEvent(state: CompletionState, event: DifyStreamEvent): CompletionState {
  const ids = { taskId: str(event.task_id) ?? state.taskId, messageId: str(event.message_id) ?? str(event.id) ?? state.messageId };
  // Events of a newer Dify: only their ids.
  if (!isKnownDifyEvent(event)) return { ...state, ...ids };
  switch (event.event) {
    case "message":
      return { ...state, ...ids, text: state.text + (event.answer ?? "") };
    case "message_replace":
      return { ...state, ...ids, text: event.answer ?? state.text };
    case "error":
      return { ...state, status: "error", error: { message: str(event.message) ?? "生成失败，请重试", statusCode: event.status ?? 0 } };
    // The end is noted by the hook (use-completion-run.ts); a completion app sends no agent or
    // workflow events, so those only bring their ids.
    case "message_end":
    case "agent_message":
    case "agent_thought":
    case "message_file":
    case "workflow_started":
    case "node_started":
    case "node_finished":
    case "node_retry":
    case "iteration_started":
    case "iteration_next":
    case "iteration_completed":
    case "loop_started":
    case "loop_next":
    case "loop_completed":
    case "text_chunk":
    case "reasoning_chunk":
    case "workflow_finished":
    case "tts_message":
    case "tts_message_end":
    case "ping":
      return { ...state, ...ids };
    default:
      return unhandledDifyEvent(event);
  }
}

/** The state after the stream closed. */
export function settleCompletion(state: CompletionState, how: "closed" | "stopped", sawEnd: boolean): CompletionState {
  if (state.status !== "streaming") return state;
  if (how === "stopped") return { ...state, status: "stopped" };
  if (!sawEnd && !state.text) return { ...state, status: "error", error: { message: "生成中断了，请重试", statusCode: 0 } };
  return { ...state, status: "done" };
}
