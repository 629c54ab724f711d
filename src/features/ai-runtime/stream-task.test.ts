import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The proxy call itself is apiFetch's business (tested there); here: when and how it is made.
const { stopTask } = vi.hoisted(() => ({ stopTask: vi.fn<(appid: string, path: string) => Promise<void>>() }));
vi.mock("./feedback", () => ({ stopTask }));
const { newStreamTask, noteTaskId, requestStop } = await import("./stream-task");

// Braces matter: a hook that returns a function has it called as a cleanup (here: the mock itself).
beforeEach(() => {
  stopTask.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("requestStop", () => {
  it("cuts the request at once while no task id is known", () => {
    const task = newStreamTask();
    requestStop("demo-chat", task, "chat-messages");
    expect(task.controller.signal.aborted).toBe(true);
    expect(stopTask).not.toHaveBeenCalled();
  });

  it("asks the proxy to stop the task, and cuts the stream only after the grace period", async () => {
    vi.useFakeTimers();
    stopTask.mockResolvedValue(undefined);
    const task = newStreamTask();
    noteTaskId(task, { event: "message", task_id: "task 1" });
    requestStop("demo-chat", task, "chat-messages");
    requestStop("demo-chat", task, "chat-messages"); // a second click changes nothing
    expect(stopTask).toHaveBeenCalledTimes(1);
    expect(stopTask).toHaveBeenCalledWith("demo-chat", "chat-messages/task%201/stop");
    await vi.advanceTimersByTimeAsync(2000);
    expect(task.controller.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(task.controller.signal.aborted).toBe(true);
  });

  it("cuts the stream when the stop call fails", async () => {
    stopTask.mockRejectedValue(new Error("网络错误"));
    const task = newStreamTask();
    noteTaskId(task, { event: "workflow_started", task_id: "t2" });
    requestStop("demo-workflow", task, "workflows/tasks");
    expect(stopTask).toHaveBeenCalledWith("demo-workflow", "workflows/tasks/t2/stop");
    await vi.waitFor(() => expect(task.controller.signal.aborted).toBe(true));
  });
});
