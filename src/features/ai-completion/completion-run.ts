import type { DifyStreamEvent, Rating } from "@/features/ai-runtime";

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
  switch (event.event) {
    case "message":
      return { ...state, ...ids, text: state.text + (typeof event.answer === "string" ? event.answer : "") };
    case "message_replace":
      return { ...state, ...ids, text: typeof event.answer === "string" ? event.answer : state.text };
    case "error":
      return { ...state, status: "error", error: { message: str(event.message) ?? "生成失败，请重试", statusCode: typeof event.status === "number" ? event.status : 0 } };
    default:
      return { ...state, ...ids };
  }
}

/** The state after the stream closed. */
export function settleCompletion(state: CompletionState, how: "closed" | "stopped", sawEnd: boolean): CompletionState {
  if (state.status !== "streaming") return state;
  if (how === "stopped") return { ...state, status: "stopped" };
  if (!sawEnd && !state.text) return { ...state, status: "error", error: { message: "生成中断了，请重试", statusCode: 0 } };
  return { ...state, status: "done" };
}
