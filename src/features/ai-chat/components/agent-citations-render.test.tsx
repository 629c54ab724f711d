import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Exchange } from "../types";
import { MessageItem } from "./message-item";

const noop = () => undefined;
const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script> **粗体** [链接](javascript:alert(3))';
const base: Exchange = { key: "k", query: "一年有多少个小时？", files: [], fileRefs: [], answer: "最终回答", status: "done", feedback: null, messageId: "m" };
const steps: Exchange["agentSteps"] = [
  { id: "a1", position: 1, thought: "先搜索一下", tools: [{ name: "web_search", label: "网页搜索", input: '{\n  "query": "小时"\n}', observation: "找到 3 条结果" }] },
  { id: "a2", position: 2, thought: "再算一下", tools: [{ name: "calculator", label: "calculator", input: '{\n  "expression": "365 * 24"\n}', observation: "" }] },
  { id: "a3", position: 3, thought: "最终回答", tools: [] },
];
const render = (exchange: Exchange) => renderToStaticMarkup(<MessageItem exchange={exchange} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} />);

describe("agent steps and citations render", () => {
  it("fold the tool rounds under 思考与工具调用 with the step count, before the answer", () => {
    const html = render({ ...base, agentSteps: steps });
    expect(html).toContain("思考与工具调用 · 2 步");
    expect(html).toMatch(/<details class="[^"]*" data-testid="agent-steps">/); // folded: no `open`
    expect(html.indexOf("agent-steps")).toBeLessThan(html.indexOf('data-testid="answer"'));
    expect(html).toContain("先搜索一下");
    expect(html).toContain("网页搜索");
    expect(html).toContain('<code translate="no"');
    expect(html).toContain("&quot;expression&quot;: &quot;365 * 24&quot;");
    expect(html).toContain("找到 3 条结果");
    expect(html).toContain("（没有返回内容）");
    expect(html.match(/data-testid="agent-step"/g)).toHaveLength(2); // the answer round is the answer itself
    expect(render({ ...base, status: "streaming", agentSteps: steps.slice(0, 2) })).toContain("等待工具返回…");
    expect(render(base)).not.toContain("思考与工具调用");
  });

  it("number the citations with the document name, the segment inside a disclosure, the score in the title", () => {
    const html = render({
      ...base,
      citations: [
        { position: 1, datasetName: "思维火花帮助中心", documentName: "产品介绍.md", segmentId: "s1", score: 0.9123, content: "思维火花是一个平台。" },
        { position: 2, datasetName: "", documentName: "常见问题.md", segmentId: "s2", score: null, content: "额度说明" },
      ],
    });
    expect(html).toContain('aria-label="引用"');
    expect(html).toContain("产品介绍.md");
    expect(html).toContain('title="知识库：思维火花帮助中心 · 相关度：0.91"');
    expect(html).toContain("思维火花是一个平台。");
    expect(html.match(/data-testid="citation"/g)).toHaveLength(2);
    expect(render(base)).not.toContain("引用");
  });

  it("show hostile tool input, observation, thought and segment text as text, never as markup", () => {
    const html = render({
      ...base,
      agentSteps: [{ id: "x", position: 1, thought: hostile, tools: [{ name: "evil", label: hostile, input: hostile, observation: hostile }] }],
      citations: [{ position: 1, datasetName: hostile, documentName: hostile, segmentId: "s", score: 0.5, content: hostile }],
    });
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<strong>");
    expect(html).not.toContain('href="javascript');
    expect(html.split("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;").length - 1).toBeGreaterThanOrEqual(6);
    expect(html).toContain("**粗体** [链接](javascript:alert(3))");
  });
});
