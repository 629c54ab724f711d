import { describe, expect, it } from "vitest";
import { applyWorkflowEvent, settleRun, startedRun } from "./workflow-run";

const base = { task_id: "t1", workflow_run_id: "r1" };

describe("applyWorkflowEvent", () => {
  it("follows nodes, text chunks and the outputs of a run", () => {
    let state = startedRun(0);
    state = applyWorkflowEvent(state, { event: "workflow_started", ...base, data: { id: "r1" } }, 0);
    state = applyWorkflowEvent(state, { event: "node_started", ...base, data: { id: "n1", node_id: "start", node_type: "start", title: "开始" } }, 10);
    state = applyWorkflowEvent(state, { event: "node_finished", ...base, data: { id: "n1", status: "succeeded", elapsed_time: 0.01 } }, 20);
    state = applyWorkflowEvent(state, { event: "node_started", ...base, data: { id: "n2", node_id: "llm", node_type: "llm", title: "生成大纲" } }, 30);
    state = applyWorkflowEvent(state, { event: "node_started", ...base, data: { id: "n3", title: "迭代内", iteration_id: "it" } }, 30);
    state = applyWorkflowEvent(state, { event: "text_chunk", ...base, data: { text: "# 大" } }, 40);
    state = applyWorkflowEvent(state, { event: "text_chunk", ...base, data: { text: "纲" } }, 50);
    expect(state).toMatchObject({ taskId: "t1", runId: "r1", text: "# 大纲", status: "running" });
    expect(state.nodes.map((node) => [node.title, node.status])).toEqual([
      ["开始", "succeeded"],
      ["生成大纲", "running"],
    ]);
    state = applyWorkflowEvent(state, { event: "node_finished", ...base, data: { id: "n2", status: "succeeded", elapsed_time: 1.5 } }, 60);
    state = applyWorkflowEvent(state, { event: "workflow_finished", ...base, data: { status: "succeeded", outputs: { result: "# 大纲" }, elapsed_time: 1.6, total_tokens: 42 } }, 70);
    expect(state).toMatchObject({ status: "succeeded", outputs: { result: "# 大纲" }, elapsed: 1.6, totalTokens: 42 });
    expect(state.nodes[1]).toMatchObject({ status: "succeeded", elapsed: 1.5 });
  });

  it("shows a failed run and a stream error", () => {
    const failed = applyWorkflowEvent(startedRun(0), { event: "workflow_finished", ...base, data: { status: "failed", error: "LLM 节点失败", outputs: {} } }, 1);
    expect(failed).toMatchObject({ status: "failed", error: { message: "LLM 节点失败" } });
    const errored = applyWorkflowEvent(startedRun(0), { event: "error", status: 400, code: "x", message: "模型调用失败，请稍后重试" }, 1);
    expect(errored).toMatchObject({ status: "error", error: { message: "模型调用失败，请稍后重试", statusCode: 400 } });
  });

  it("settles a stream that closed without workflow_finished", () => {
    const running = applyWorkflowEvent(startedRun(0), { event: "node_started", ...base, data: { id: "n1", title: "开始" } }, 0);
    expect(settleRun(running, "closed", 2000)).toMatchObject({ status: "error", elapsed: 2, nodes: [{ status: "stopped" }] });
    expect(settleRun(running, "stopped", 2000).status).toBe("stopped");
  });
});
