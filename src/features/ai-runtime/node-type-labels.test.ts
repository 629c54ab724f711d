import { describe, expect, it } from "vitest";
import { nodeTypeLabel, outputTitle } from "./node-type-labels";

describe("workflow wording", () => {
  it("names node types in Chinese, and hides unknown or redundant ones", () => {
    expect(nodeTypeLabel("llm", "生成大纲")).toBe("大模型");
    expect(nodeTypeLabel("start", "开始")).toBeNull();
    expect(nodeTypeLabel("some-plugin-node", "翻译")).toBeNull();
  });

  it("titles outputs for people, not by engine variable names", () => {
    expect(outputTitle("result", 1)).toBe("运行结果");
    expect(outputTitle("text", 2)).toBe("运行结果");
    expect(outputTitle("摘要", 2)).toBe("摘要");
  });
});
