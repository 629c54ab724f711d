import { describe, expect, it } from "vitest";
import { createSlugger, splitSections } from "./headings";

describe("headings", () => {
  it("keeps Chinese in ids and numbers repeats", () => {
    const slug = createSlugger();
    expect(slug("接入你自己的 Dify 应用")).toBe("接入你自己的-dify-应用");
    expect(slug("常见问题？")).toBe("常见问题");
    expect(slug("常见问题")).toBe("常见问题-1");
  });

  it("splits a source into sections at ## and ###, ignoring code fences", () => {
    const source = "开头\n\n## 安装 `npm`\n\n运行 [命令](/x)。\n\n```bash\n## 不是标题\n```\n\n### 细节\n\n| a | b |\n| --- | --- |\n| 表格 | 内容 |\n";
    const { toc, sections } = splitSections(source);
    expect(toc).toEqual([
      { id: "安装-npm", text: "安装 npm", depth: 2 },
      { id: "细节", text: "细节", depth: 3 },
    ]);
    expect(sections.map((section) => section.id)).toEqual(["", "安装-npm", "细节"]);
    expect(sections[1]?.text).toContain("运行 命令。");
    expect(toc.map((entry) => entry.text)).not.toContain("不是标题");
    expect(sections[1]?.text).toContain("## 不是标题"); // code stays searchable
    expect(sections[2]?.text).toContain("表格");
  });
});
