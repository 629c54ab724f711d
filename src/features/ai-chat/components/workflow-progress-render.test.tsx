import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ChatWorkflow, Exchange } from "../types";
import { MessageItem } from "./message-item";

const noop = () => undefined;
const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
const base: Exchange = { key: "k", query: "思维火花能做什么？", files: [], fileRefs: [], answer: "回答", status: "done", feedback: null, messageId: "m" };
const node = (id: string, title: string, type: string, status: ChatWorkflow["nodes"][number]["status"], elapsed?: number) => ({ id, nodeId: id, title, type, status, startedAt: 0, elapsed });
const render = (exchange: Exchange) => renderToStaticMarkup(<MessageItem exchange={exchange} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} />);

describe("a chatflow answer's workflow progress", () => {
  it("folds the finished run into one line above the answer, the nodes inside with status and time", () => {
    const workflow: ChatWorkflow = {
      status: "succeeded",
      startedAt: 0,
      elapsed: 1.2,
      nodes: [node("n1", "开始", "start", "succeeded", 0.01), node("n2", "知识检索", "knowledge-retrieval", "succeeded", 0.05), node("n3", "大模型", "llm", "succeeded", 0.9), node("n4", "直接回复", "answer", "succeeded", 0)],
    };
    const html = render({ ...base, workflow });
    expect(html).toContain("工作流已完成 · 4 个节点 · 1.20 秒");
    expect(html).toMatch(/<details class="[^"]*" data-testid="workflow-progress" data-status="succeeded">/); // folded: no `open`
    expect(html.indexOf("workflow-progress")).toBeLessThan(html.indexOf('data-testid="answer"'));
    expect(html.match(/data-testid="workflow-node"/g)).toHaveLength(4);
    expect(html).toContain("成功");
    expect(html).toContain("0.90 秒");
    expect(render(base)).not.toContain("workflow-progress");
  });

  it("counts finished nodes while running and shows a failure", () => {
    const running: ChatWorkflow = { status: "running", startedAt: 0, nodes: [node("n1", "开始", "start", "succeeded", 0.01), node("n2", "知识检索", "knowledge-retrieval", "running")] };
    const html = render({ ...base, status: "streaming", workflow: running });
    expect(html).toContain("工作流运行中 · 1/2 个节点");
    expect(html).toContain("运行中");
    const failed: ChatWorkflow = { status: "failed", startedAt: 0, elapsed: 0.5, error: "LLM failed", nodes: [{ ...node("n3", "大模型", "llm", "failed", 0.3), error: "LLM failed" }] };
    const failedHtml = render({ ...base, status: "error", error: { message: "工作流运行失败：「大模型」节点出错，请重试", statusCode: 500 }, workflow: failed });
    expect(failedHtml).toContain("工作流运行失败 · 1/1 个节点 · 0.50 秒");
    expect(failedHtml).toContain('data-status="failed"');
    expect(failedHtml).toContain("失败");
    expect(failedHtml).toContain("工作流运行失败：「大模型」节点出错，请重试");
  });

  it("renders hostile node titles and errors as text", () => {
    const workflow: ChatWorkflow = { status: "failed", startedAt: 0, error: hostile, nodes: [{ ...node("n1", hostile, "code", "failed", 0.1), error: hostile }] };
    const html = render({ ...base, workflow });
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});
