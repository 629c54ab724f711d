import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import MarkdownRenderer from "./markdown-renderer";

describe("MarkdownRenderer", () => {
  it("renders GFM tables, highlighted code with a copy button, and KaTeX math", () => {
    const source = "## 标题\n\n| 项目 | 说明 |\n| --- | --- |\n| 甲 | 乙 |\n\n```ts\nconst a = 1;\n```\n\n```not-a-language\nx\n```\n\n行内公式 $a^2+b^2=c^2$\n\n$$\nE = mc^2\n$$\n\n<script>alert(1)</script>";
    const html = renderToStaticMarkup(<MarkdownRenderer source={source} />);
    expect(html).toContain("<table>");
    expect(html).toContain("<th>项目</th>");
    expect(html).toContain('class="hljs language-ts"');
    expect(html).toContain('aria-label="复制代码"');
    expect(html).toContain('class="katex"');
    expect(html).toContain("katex-display");
    expect(html).not.toContain("<script>");
  });

  it("gives a mermaid block to the diagram (drawn in the browser, lazily), other blocks stay code", () => {
    const html = renderToStaticMarkup(<MarkdownRenderer source={"```mermaid\nflowchart TD\n  A --> B\n```\n\n```ts\nconst a = 1;\n```"} />);
    expect(html).toContain('data-testid="mermaid"');
    expect(html).toContain("查看代码");
    expect(html.match(/aria-label="复制代码"/g)).toHaveLength(1);
  });
});
