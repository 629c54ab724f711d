import { describe, expect, it } from "vitest";
import { answerTextOf, questionTexts } from "./moderation";
import type { PreparedCall } from "./upstream-request";

const call = (body: Record<string, unknown>): PreparedCall => ({ upstream: { method: "POST", path: "/chat-messages" }, body, streaming: true });

describe("what content safety reads of a call", () => {
  it("reads every /v1 turn a model app receives: text parts, tool-call arguments, tool results, embedding inputs", () => {
    const texts = questionTexts(
      call({
        query: "问题",
        messages: [
          { role: "user", content: [{ type: "text", text: "看图" }, { type: "image_url", image_url: { url: "https://example.com/a.png" } }] },
          { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "search", arguments: '{"q":"参数"}' } }] },
          { role: "tool", tool_call_id: "c", content: "工具结果" },
          { role: "user", content: "问题" },
        ],
      }),
    );
    expect(texts).toEqual(["问题", "看图", "search", '{"q":"参数"}', "工具结果"]);
    expect(questionTexts(call({ model: "e", input: ["一", "二"] }))).toEqual(["一", "二"]);
    expect(questionTexts(call({ model: "e", input: "三" }))).toEqual(["三"]);
  });

  it("reads the model's tool-call deltas as answer text", () => {
    expect(answerTextOf({ event: "message", answer: "", tool_calls: [{ index: 0, id: "c", type: "function", function: { name: "search", arguments: "" } }] })).toBe("search");
    expect(answerTextOf({ event: "message", answer: "", tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] })).toBe('{"q":');
    expect(answerTextOf({ event: "message", answer: "文字" })).toBe("文字");
  });
});
