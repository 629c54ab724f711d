import { describe, expect, it } from "vitest";
import { nodeTypeLabel } from "./node-type-labels";

describe("node wording", () => {
  it("names node types in Chinese, and hides unknown or redundant ones", () => {
    expect(nodeTypeLabel("llm", "生成大纲")).toBe("大模型");
    expect(nodeTypeLabel("start", "开始")).toBeNull();
    expect(nodeTypeLabel("some-plugin-node", "翻译")).toBeNull();
  });
});
