import { describe, expect, it } from "vitest";
import { splitThinking } from "./think";

describe("splitThinking", () => {
  it("leaves ordinary answers alone", () => {
    expect(splitThinking("## 标题")).toEqual({ thinking: null, done: true, answer: "## 标题" });
  });

  it("separates a finished thought from the answer, and an unfinished one while streaming", () => {
    expect(splitThinking("<think>\n先想想\n</think>\n\n答案")).toEqual({ thinking: "先想想", done: true, answer: "答案" });
    expect(splitThinking("<think>还在想")).toEqual({ thinking: "还在想", done: false, answer: "" });
  });
});
