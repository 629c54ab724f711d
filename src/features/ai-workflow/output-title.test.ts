import { describe, expect, it } from "vitest";
import { outputTitle } from "./output-title";

describe("workflow wording", () => {
  it("titles outputs for people, not by engine variable names", () => {
    expect(outputTitle("result", 1)).toBe("运行结果");
    expect(outputTitle("text", 2)).toBe("运行结果");
    expect(outputTitle("摘要", 2)).toBe("摘要");
  });
});
