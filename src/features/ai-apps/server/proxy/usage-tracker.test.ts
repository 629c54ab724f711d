import { describe, expect, it } from "vitest";
import { UsageTracker } from "./usage-tracker";

// The tracker reads Dify's stream through the one typed parser (dify-events): what it keeps for the
// usage row must be what the events say, in either order, whatever else the stream carries.
describe("UsageTracker", () => {
  it("keeps the ids and the message's own usage, and ends on message_end", () => {
    const tracker = new UsageTracker();
    tracker.observe({ event: "message", task_id: "t-1", message_id: "m-1", answer: "你好" });
    expect(tracker.ended).toBe(false);
    tracker.observe({ event: "message_end", id: "m-1", metadata: { usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 9, model: "demo", estimated: true } } });
    expect(tracker).toMatchObject({ taskId: "t-1", messageId: "m-1", ended: true });
    expect(tracker.figures()).toEqual({ promptTokens: 3, completionTokens: 4, totalTokens: 9, model: "demo", estimated: true });
  });

  it("prefers the message's usage over the workflow run's total, whichever comes first", () => {
    const tracker = new UsageTracker();
    tracker.observe({ event: "workflow_finished", workflow_run_id: "r-1", data: { total_tokens: 50 } });
    expect(tracker.figures()).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 50 });
    tracker.observe({ event: "message_end", message_id: "m-2", metadata: { usage: { prompt_tokens: 2, completion_tokens: 5 } } });
    expect(tracker.figures()).toMatchObject({ totalTokens: 7 });
    expect(tracker.workflowRunId).toBe("r-1");
  });

  it("reads ids from an event of a newer Dify, ends on error, and ignores malformed usage", () => {
    const tracker = new UsageTracker();
    tracker.observe({ event: "some_future_event", task_id: "t-9", message_id: "m-9" });
    tracker.observe({ event: "message_end", metadata: { usage: "lots" } });
    expect(tracker).toMatchObject({ taskId: "t-9", messageId: "m-9", ended: true });
    expect(tracker.figures()).toBeUndefined();
    const failed = new UsageTracker();
    failed.observe({ event: "error", status: 500, message: "boom" });
    expect(failed.ended).toBe(true);
  });
});
