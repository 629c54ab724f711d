import { describe, expect, it } from "vitest";
import { buildConversationExport, exportFileBase } from "./conversation-export";
import type { HistoryMessage } from "./types";

const now = new Date(2026, 10, 25, 9, 30);
const messages: HistoryMessage[] = [
  { id: "m-1", query: "什么是光合作用？", answer: "植物把**光能**变成化学能。", created_at: 1_790_000_000, feedback: { rating: "like" }, message_files: [{ id: "f-1", filename: "叶子.png", type: "image", url: "https://internal/files/f-1?sign=secret", belongs_to: "user" }] },
  { id: "m-2", query: "再简单点", answer: "植物靠阳光做饭。" },
];

describe("buildConversationExport: Markdown", () => {
  it("has the title, app, date and numbered question / answer headings", () => {
    const file = buildConversationExport("markdown", { appName: "火花助手", conversationId: "c-1", conversationName: "光合作用", messages, now });
    expect(file.fileName).toBe("思维火花-光合作用-2026-11-25.md");
    expect(file.mimeType).toContain("text/markdown");
    expect(file.content).toContain("# 光合作用\n");
    expect(file.content).toContain("- 应用：火花助手");
    expect(file.content).toContain("- 导出时间：2026-11-25 09:30");
    expect(file.content).toContain("## 问题 1\n\n> 什么是光合作用？\n\n### 回答（内容由 AI 生成）\n\n植物把**光能**变成化学能。");
    expect(file.content).toContain("## 问题 2\n\n> 再简单点");
  });

  it("keeps hostile content as text", () => {
    const hostile: HistoryMessage[] = [
      { id: "m", query: "<img src=x onerror=alert(1)>\n# 伪造标题", answer: "看这里 <script>alert(1)</script>\n````\n逃出围栏？" },
      { id: "n", query: "第一行\n# 不是标题", answer: "普通回答" },
    ];
    const { content } = buildConversationExport("markdown", { appName: "<b>应用</b>", conversationId: "c-1", conversationName: "[点我](javascript:alert(1))\n# 假标题", messages: hostile, now });
    // Names: one line, Markdown punctuation escaped.
    expect(content).toContain("# \\[点我\\]\\(javascript:alert\\(1\\)\\) \\# 假标题\n");
    expect(content).toContain("- 应用：\\<b\\>应用\\</b\\>");
    // HTML in a question or answer goes into a fence longer than any backtick run inside it.
    expect(content).toContain("```text\n<img src=x onerror=alert(1)>\n# 伪造标题\n```");
    expect(content).toContain("`````text\n看这里 <script>alert(1)</script>\n````\n逃出围栏？\n`````");
    // Other questions are quoted line by line, so their `#` is no heading.
    expect(content).toContain("> 第一行\n> # 不是标题");
  });
});

describe("buildConversationExport: JSON", () => {
  it("has the messages' text without file ids or URLs", () => {
    const file = buildConversationExport("json", { appName: "火花助手", conversationId: "c-1", conversationName: "光合作用", messages, now });
    expect(file.fileName).toBe("思维火花-光合作用-2026-11-25.json");
    const parsed = JSON.parse(file.content) as { app: string; conversation: string; messages: Record<string, unknown>[] };
    expect(parsed).toMatchObject({ app: "火花助手", conversation: "光合作用" });
    const withoutLabels = parsed.messages.map((message) => Object.fromEntries(Object.entries(message).filter(([key]) => key !== "AIGC" && key !== "answer_label")));
    expect(withoutLabels).toEqual([
      { query: "什么是光合作用？", answer: "植物把**光能**变成化学能。", created_at: 1_790_000_000, feedback: "like", files: [{ name: "叶子.png", type: "image" }] },
      { query: "再简单点", answer: "植物靠阳光做饭。" },
    ]);
    expect(file.content).not.toMatch(/f-1|sign=secret/);
  });
});

describe("buildConversationExport: AI-content labels (GB 45438-2025)", () => {
  const aigc = (produceId: string) => ({ Label: "1", ContentProducer: "思维火花", ProduceID: produceId, ReservedCode1: "", ContentPropagator: "思维火花", PropagateID: produceId, ReservedCode2: "" });

  it("Markdown: the implicit label as front matter, the explicit one at the top and on every answer", () => {
    const { content } = buildConversationExport("markdown", { appName: "火花助手", conversationId: "c-1", conversationName: "光合作用", messages, now });
    const front = /^---\nAIGC: (.+)\n---\n/.exec(content);
    expect(front).not.toBeNull();
    expect(JSON.parse(front![1]!)).toEqual(aigc("c-1"));
    expect(content).toContain("> 内容由 AI 生成：本文件中的回答由人工智能生成。");
    expect(content.match(/### 回答（内容由 AI 生成）/g)).toHaveLength(2);
  });

  it("JSON: an AIGC object for the file and for each answer, with the label's words", () => {
    const { content } = buildConversationExport("json", { appName: "火花助手", conversationId: "c-1", conversationName: "光合作用", messages, now });
    const parsed = JSON.parse(content) as { AIGC: unknown; label: string; messages: { AIGC: unknown; answer_label: string }[] };
    expect(parsed.AIGC).toEqual(aigc("c-1"));
    expect(parsed.label).toBe("内容由 AI 生成");
    expect(parsed.messages.map((message) => message.AIGC)).toEqual([aigc("m-1"), aigc("m-2")]);
    expect(parsed.messages.every((message) => message.answer_label === "内容由 AI 生成")).toBe(true);
  });
});

describe("exportFileBase", () => {
  it("replaces path separators, reserved and control characters and bounds the length", () => {
    expect(exportFileBase("../../etc/passwd", now)).toBe("思维火花-_.._etc_passwd-2026-11-25");
    expect(exportFileBase('a<b>c:d"e|f?g*h\\i', now)).toBe("思维火花-a_b_c_d_e_f_g_h_i-2026-11-25");
    expect(exportFileBase("报告\u202Egpj.exe", now)).toBe("思维火花-报告_gpj.exe-2026-11-25");
    expect(exportFileBase("  ...  ", now)).toBe("思维火花-未命名对话-2026-11-25");
    expect(exportFileBase("", now)).toBe("思维火花-未命名对话-2026-11-25");
    expect(exportFileBase("长".repeat(200), now)).toBe(`思维火花-${"长".repeat(60)}-2026-11-25`);
  });
});
