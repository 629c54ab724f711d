import { describe, expect, it } from "vitest";
import { writeChatAnswer, writeCopy, writeOutline } from "./demo-writer";

const showcase = () => "SHOWCASE";

describe("the demo apps' writing follows the request", () => {
  it("writes about as many characters as asked, as prose", () => {
    const answer = writeChatAnswer("写一段 100 字的产品介绍", showcase);
    const length = [...answer].length;
    expect(length).toBeGreaterThanOrEqual(80);
    expect(length).toBeLessThanOrEqual(115);
    expect(answer).toContain("产品介绍");
    expect(answer).not.toMatch(/^\s*[-\d]/m);
  });

  it("draws a flowchart as a mermaid code block when asked for one", () => {
    const answer = writeChatAnswer("画一个项目管理的流程图", showcase);
    expect(answer).toMatch(/```mermaid\nflowchart TD\n[\s\S]+\n```/);
    expect(answer).toContain("项目管理");
  });

  it("answers a list request with that many items", () => {
    const answer = writeChatAnswer("列出 4 个提高效率的方法", showcase);
    expect(answer.match(/^\d+\. /gm)).toHaveLength(4);
  });

  it("keeps the rich showcase for an open question, and is deterministic", () => {
    expect(writeChatAnswer("周报怎么写", showcase)).toBe("SHOWCASE");
    expect(writeChatAnswer("列出三点建议", showcase)).toBe(writeChatAnswer("列出三点建议", showcase));
  });

  it("writes copy for the completion app, shaped by its length when given", () => {
    expect(writeCopy("为咖啡店写一段开业文案", "营销")).toContain("现在就来体验");
    expect([...writeCopy("为咖啡店写 50 字开业文案", "正式")].length).toBeLessThanOrEqual(60);
  });

  it("outlines the workflow's topic for its audience in the asked number of chapters", () => {
    const outline = writeOutline("远程办公", "学生", 4);
    expect(outline).toContain("关于「远程办公」");
    expect(outline).toContain("面向学生");
    expect(outline.match(/^### \d+\. /gm)).toHaveLength(4);
  });

  it("never calls itself a canned template", () => {
    for (const text of [writeChatAnswer("写 80 字", showcase), writeCopy("文案", "轻松"), writeOutline("主题", "", 3)]) {
      expect(text).not.toContain("固定模板");
    }
  });
});
