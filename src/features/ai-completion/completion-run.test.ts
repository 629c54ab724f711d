import { describe, expect, it } from "vitest";
import { applyCompletionEvent, idleCompletion, settleCompletion, type CompletionState } from "./completion-run";

describe("completion run", () => {
  const streaming: CompletionState = { ...idleCompletion, status: "streaming" };

  it("concatenates chunks and keeps the ids", () => {
    let state = applyCompletionEvent(streaming, { event: "message", task_id: "t", id: "m", message_id: "m", answer: "春天" });
    state = applyCompletionEvent(state, { event: "message", task_id: "t", id: "m", answer: "来了" });
    state = applyCompletionEvent(state, { event: "message_end", id: "m", task_id: "t" });
    expect(settleCompletion(state, "closed", true)).toMatchObject({ status: "done", text: "春天来了", taskId: "t", messageId: "m" });
  });

  it("records an error event and an empty cut stream", () => {
    expect(applyCompletionEvent(streaming, { event: "error", status: 500, message: "上游服务出错" })).toMatchObject({ status: "error", error: { message: "上游服务出错", statusCode: 500 } });
    expect(settleCompletion(streaming, "closed", false).status).toBe("error");
    expect(settleCompletion({ ...streaming, text: "半" }, "stopped", false).status).toBe("stopped");
  });
});
