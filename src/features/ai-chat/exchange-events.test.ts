import { describe, expect, it } from "vitest";
import { applyChatEvent, exchangeFromHistory } from "./exchange-events";
import type { Exchange } from "./types";

const start: Exchange = { key: "k", query: "你好", files: [], fileRefs: [], answer: "", status: "streaming", feedback: null };

describe("applyChatEvent", () => {
  it("appends message chunks and learns the task and message ids", () => {
    let exchange = applyChatEvent(start, { event: "message", task_id: "t1", id: "m1", message_id: "m1", answer: "你" });
    exchange = applyChatEvent(exchange, { event: "message", task_id: "t1", id: "m1", answer: "好" });
    expect(exchange).toMatchObject({ answer: "你好", taskId: "t1", messageId: "m1", status: "streaming" });
  });

  it("replaces the answer on message_replace and records stream errors", () => {
    const replaced = applyChatEvent({ ...start, answer: "不当内容" }, { event: "message_replace", answer: "内容已被替换" });
    expect(replaced.answer).toBe("内容已被替换");
    const failed = applyChatEvent(replaced, { event: "error", status: 400, code: "completion_request_error", message: "模型调用失败，请稍后重试" });
    expect(failed).toMatchObject({ status: "error", error: { message: "模型调用失败，请稍后重试", statusCode: 400 }, answer: "内容已被替换" });
  });

  it("adds the assistant's files to the answer", () => {
    const withImage = applyChatEvent({ ...start, answer: "看图：" }, { event: "message_file", id: "f", type: "image", belongs_to: "assistant", url: "https://x/a.png" });
    expect(withImage.answer).toBe("看图：\n\n![图片](https://x/a.png)\n\n");
  });

  it("turns a stored message into an exchange", () => {
    const exchange = exchangeFromHistory({
      id: "m9",
      query: "问题",
      answer: "回答",
      feedback: { rating: "like" },
      message_files: [{ id: "f1", filename: "a.png", type: "image", url: "https://x/a.png", belongs_to: "user" }],
    });
    expect(exchange).toMatchObject({ key: "m9", messageId: "m9", status: "done", feedback: "like", files: [{ id: "f1", name: "a.png" }] });
  });
});
