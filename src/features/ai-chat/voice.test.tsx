import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Composer } from "./components/composer";
import { MessageItem } from "./components/message-item";
import type { Exchange } from "./types";
import { appendTranscript, speechTextOf } from "./voice";
import { ChatVoiceProvider } from "./voice-context";
import { formatElapsed } from "./use-voice-recorder";

const noop = () => undefined;
const uploads = { enabled: false, accept: "", files: [], uploading: false, add: noop, remove: noop };
const answered: Exchange = { key: "k", messageId: "m-1", query: "你好", files: [], fileRefs: [], answer: "好的", status: "done", feedback: null };

function page(parameters: Record<string, unknown>) {
  return renderToStaticMarkup(
    <ChatVoiceProvider appid="demo-chat" parameters={parameters}>
      <Composer streaming={false} uploads={uploads} onSend={() => true} onStop={noop} />
      <MessageItem exchange={answered} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} />
    </ChatVoiceProvider>,
  );
}

describe("chat voice", () => {
  it("offers 语音输入 and 朗读 only when the app's parameters enable them", () => {
    const both = page({ speech_to_text: { enabled: true }, text_to_speech: { enabled: true } });
    expect(both).toContain('aria-label="语音输入"');
    expect(both).toContain('aria-label="朗读"');
    const none = page({ speech_to_text: { enabled: false }, text_to_speech: { enabled: false } });
    expect(none).not.toContain("语音输入");
    expect(none).not.toContain("朗读");
    // Outside a chat page (no provider) the composer and messages render as before.
    const bare = renderToStaticMarkup(<Composer streaming={false} uploads={uploads} onSend={() => true} onStop={noop} />);
    expect(bare).not.toContain("语音输入");
  });

  it("puts a transcript after what was typed, with a space only between Latin words", () => {
    expect(appendTranscript("", "请介绍一下思维火花")).toBe("请介绍一下思维火花");
    expect(appendTranscript("  ", "你好")).toBe("你好");
    expect(appendTranscript("你好，", "请介绍一下")).toBe("你好，请介绍一下");
    expect(appendTranscript("Hello", "world")).toBe("Hello world");
    expect(appendTranscript("Hello ", "world")).toBe("Hello world");
    expect(appendTranscript("说明", "")).toBe("说明");
  });

  it("shows the elapsed time as m:ss", () => {
    expect(formatElapsed(0)).toBe("0:00");
    expect(formatElapsed(7)).toBe("0:07");
    expect(formatElapsed(60)).toBe("1:00");
  });
});

describe("speechTextOf", () => {
  it("starts read-aloud with the spoken AI notice and stays within text-to-audio's 5000 characters", () => {
    expect(speechTextOf("  植物靠阳光做饭。 ")).toBe("以下内容由 AI 生成。植物靠阳光做饭。");
    const long = speechTextOf("长".repeat(6000));
    expect(long.startsWith("以下内容由 AI 生成。")).toBe(true);
    expect(long).toHaveLength(5000);
  });
});
