import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NodeProgress } from "@/features/ai-runtime";
import { OutputView } from "./output-view";

describe("workflow components render", () => {
  it("lists nodes with status and time", () => {
    const html = renderToStaticMarkup(
      <NodeProgress
        nodes={[
          { id: "1", nodeId: "start", title: "开始", type: "start", status: "succeeded", startedAt: 0, elapsed: 0.012 },
          { id: "2", nodeId: "llm", title: "生成大纲", type: "llm", status: "failed", startedAt: 0, elapsed: 12.34, error: "节点失败" },
        ]}
      />,
    );
    expect(html).toContain("开始");
    expect(html).toContain("0.01 秒");
    expect(html).toContain("12.3 秒");
    expect(html).toContain("节点失败");
    expect(html).toContain('data-status="failed"');
  });

  it("renders objects as JSON and files as links", () => {
    const html = renderToStaticMarkup(
      <OutputView outputs={{ data: { score: 1, tags: ["a"] }, report: { url: "https://files.example/r.pdf", filename: "报告.pdf", mime_type: "application/pdf" }, count: 3 }} />,
    );
    expect(html).toContain("&quot;score&quot;: 1");
    expect(html).toContain('href="https://files.example/r.pdf"');
    expect(html).toContain("报告.pdf");
    expect(html).toContain(">3<");
  });
});
