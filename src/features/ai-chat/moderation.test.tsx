import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MessageItem } from "./components/message-item";
import { applyChatEvent } from "./exchange-events";
import { isModerationReply, moderationReplies } from "./moderation";
import type { Exchange } from "./types";

const keywords = (inputs: object, outputs: object) => ({ sensitive_word_avoidance: { enabled: true, type: "keywords", config: { keywords: "x", inputs_config: inputs, outputs_config: outputs } } });

describe("moderation presets (Dify's sensitive_word_avoidance)", () => {
  it("reads the enabled presets of `config` (or `configs`), and nothing when moderation is off or malformed", () => {
    expect(moderationReplies(keywords({ enabled: true, preset_response: " 不能回答 " }, { enabled: true, preset_response: "已隐藏" }))).toEqual(["不能回答", "已隐藏"]);
    expect(moderationReplies(keywords({ enabled: false, preset_response: "不能回答" }, { enabled: true, preset_response: "" }))).toEqual([]);
    expect(moderationReplies({ sensitive_word_avoidance: { enabled: true, type: "api", configs: { inputs_config: { enabled: true, preset_response: "停" } } } })).toEqual(["停"]);
    expect(moderationReplies({ sensitive_word_avoidance: { enabled: false, type: "", configs: [] } })).toEqual([]);
    expect(moderationReplies({ sensitive_word_avoidance: "on" })).toEqual([]);
    expect(moderationReplies({})).toEqual([]);
  });

  it("an answer is a preset only when it is one exactly (an empty answer never is)", () => {
    expect(isModerationReply("不能回答\n", ["不能回答"])).toBe(true);
    expect(isModerationReply("不能回答，但是……", ["不能回答"])).toBe(false);
    expect(isModerationReply("", [""])).toBe(false);
  });
});

const exchange: Exchange = { key: "k", messageId: "m", query: "问", files: [], fileRefs: [], answer: "", status: "done", feedback: null };
const noop = () => undefined;

describe("a moderated answer on the chat page", () => {
  it("message_replace with reason output_moderation marks the exchange; an annotation reply does not", () => {
    const replaced = applyChatEvent({ ...exchange, answer: "前半" }, { event: "message_replace", answer: "已隐藏", reason: "output_moderation" });
    expect(replaced).toMatchObject({ answer: "已隐藏", moderated: true });
    expect(applyChatEvent({ ...exchange, answer: "前半" }, { event: "message_replace", answer: "标注回复" }).moderated).toBeUndefined();
  });

  it("is shown as a notice, not as the assistant's markdown", () => {
    const notice = renderToStaticMarkup(
      <MessageItem exchange={{ ...exchange, answer: "不能回答" }} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} moderationReplies={["不能回答"]} />,
    );
    expect(notice).toContain('role="note"');
    expect(notice).toContain("内容安全提示");
    const plain = renderToStaticMarkup(<MessageItem exchange={{ ...exchange, answer: "正常回答" }} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} moderationReplies={["不能回答"]} />);
    expect(plain).not.toContain("内容安全提示");
  });
});
