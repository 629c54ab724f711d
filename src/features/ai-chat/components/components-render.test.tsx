import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { normalizeInputForm, initialValues } from "@/features/ai-runtime";
import { PHONE_REQUIRED_MESSAGE } from "@/features/compliance";
import type { Exchange } from "../types";
import { Composer } from "./composer";
import { MessageItem } from "./message-item";
import { Welcome } from "./welcome";

const noop = () => undefined;
const base: Exchange = { key: "k", query: "你好\n第二行", files: [{ id: "f", name: "a.png", type: "image", url: "blob:x" }], fileRefs: [], answer: "", status: "streaming", feedback: null };

describe("chat components render", () => {
  it("a streaming exchange shows the question, its files and the typing indicator", () => {
    const html = renderToStaticMarkup(<MessageItem exchange={base} icon="💬" isLast busy onRetry={noop} onRate={noop} onAsk={noop} />);
    expect(html).toContain("你好\n第二行");
    expect(html).toContain('alt="a.png"');
    expect(html).toContain("正在生成回答");
    expect(html).not.toContain("复制回答");
  });

  it("a finished exchange offers copy, 赞 / 踩 and follow-ups; an error offers 重试", () => {
    const done = renderToStaticMarkup(
      <MessageItem exchange={{ ...base, status: "done", answer: "好的", messageId: "m", feedback: "like", suggestions: ["再说说"] }} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} />,
    );
    expect(done).toContain('aria-label="复制回答"');
    expect(done).toContain('aria-label="赞" title="赞" aria-pressed="true"');
    expect(done).toContain("再说说");
    const failed = renderToStaticMarkup(
      <MessageItem exchange={{ ...base, status: "error", error: { message: "模型调用失败，请稍后重试", statusCode: 400 } }} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} />,
    );
    expect(failed).toContain("模型调用失败，请稍后重试");
    expect(failed).toContain("重试");
    const quota = renderToStaticMarkup(
      <MessageItem exchange={{ ...base, status: "error", error: { message: "本月额度已用完，请升级套餐", statusCode: 402 } }} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} />,
    );
    expect(quota).toContain('href="/pricing"');
    expect(quota).not.toContain("重试");
  });

  it("an answer carries the 「内容由 AI 生成」 label; a moderated one (a notice, not generated content) does not", () => {
    const done = renderToStaticMarkup(<MessageItem exchange={{ ...base, status: "done", answer: "好的", messageId: "m" }} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} />);
    expect(done).toContain('data-testid="ai-content-label"');
    expect(done).toContain("内容由 AI 生成");
    const moderated = renderToStaticMarkup(<MessageItem exchange={{ ...base, status: "done", answer: "抱歉，无法回答", moderated: true }} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} />);
    expect(moderated).not.toContain("ai-content-label");
  });

  it("a call refused for want of a verified phone links to the settings page's phone section, without 重试", () => {
    const refused = renderToStaticMarkup(
      <MessageItem exchange={{ ...base, status: "error", error: { message: PHONE_REQUIRED_MESSAGE, statusCode: 403 } }} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} />,
    );
    expect(refused).toContain('data-testid="phone-required"');
    expect(refused).toContain('href="/dashboard/settings#phone"');
    expect(refused).toContain("去绑定手机号");
    expect(refused).not.toContain("重试");
  });

  it("an answer with siblings shows ‹ 2 / 3 ›; 重新生成 and 编辑 on any finished question, none while busy", () => {
    const exchange: Exchange = { ...base, status: "done", answer: "好的", messageId: "m" };
    const branch = { index: 1, count: 3, onSwitch: noop };
    const html = renderToStaticMarkup(<MessageItem exchange={exchange} icon="💬" isLast={false} busy={false} branch={branch} onRetry={noop} onRate={noop} onAsk={noop} onRevise={noop} />);
    expect(html).toContain("2 / 3");
    expect(html).toContain('aria-label="上一个版本"');
    expect(html).toContain('aria-label="重新生成"');
    expect(html).toContain("编辑");
    const busy = renderToStaticMarkup(<MessageItem exchange={exchange} icon="💬" isLast={false} busy branch={branch} onRetry={noop} onRate={noop} onAsk={noop} onRevise={noop} />);
    expect(busy).not.toContain('aria-label="重新生成"');
    expect(busy.match(/disabled=""/g)).toHaveLength(2);
    const single = renderToStaticMarkup(<MessageItem exchange={exchange} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} onRevise={noop} />);
    expect(single).not.toContain("切换回答版本");
  });

  it("the welcome shows the input form and suggested questions; the composer its buttons", () => {
    const fields = normalizeInputForm([
      { select: { variable: "tone", label: "回答风格", required: true, options: ["简洁", "详细"] } },
      { "file-list": { variable: "docs", label: "背景资料", required: false, allowed_file_types: ["document"], max_length: 2 } },
    ]);
    const welcome = renderToStaticMarkup(
      <Welcome
        app={{ appid: "a", kind: "chat", name: "火花助手", description: "演示", icon: "💬" }}
        openingStatement="你好！"
        suggestedQuestions={["介绍一下思维火花"]}
        fields={fields}
        system={undefined}
        values={initialValues(fields)}
        errors={{ tone: "请选择「回答风格」" }}
        onChange={noop}
        onAsk={noop}
      />,
    );
    expect(welcome).toContain("回答风格");
    expect(welcome).toContain("请选择「回答风格」");
    expect(welcome).toContain("背景资料");
    expect(welcome).toContain("选择文件（最多 2 个）");
    expect(welcome).toContain('accept=".txt,.md,');
    expect(welcome).toContain("介绍一下思维火花");
    const uploads = { enabled: true, accept: ".png", files: [], uploading: false, add: noop, remove: noop };
    expect(renderToStaticMarkup(<Composer streaming={false} uploads={uploads} onSend={() => true} onStop={noop} />)).toContain('aria-label="发送"');
    expect(renderToStaticMarkup(<Composer streaming uploads={uploads} onSend={() => true} onStop={noop} />)).toContain("停止");
  });
});
