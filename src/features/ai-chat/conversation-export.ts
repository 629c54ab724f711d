import { AI_CONTENT_LABEL, aigcMetadata } from "@/features/compliance";
import { citationsFrom } from "./citations";
import type { Citation, HistoryMessage } from "./types";

// A conversation as a file the user downloads: Markdown for reading, JSON for tools. Built in the
// browser from `GET messages` (every page), so nothing new is stored or served. Both carry the
// GB 45438-2025 labels: the explicit 「内容由 AI 生成」 with every answer, and the implicit `AIGC`
// object (Markdown front matter, a JSON field) naming the conversation as the content's id.

export type ExportFormat = "markdown" | "json";

export interface ExportSource {
  appName: string;
  /** The conversation's id: the implicit label's `ProduceID`. */
  conversationId: string;
  conversationName: string;
  /** Oldest first, as the chat shows them. */
  messages: HistoryMessage[];
  /** When the export is made (the file's date). */
  now: Date;
}

export interface ExportFile {
  fileName: string;
  mimeType: string;
  content: string;
}

const UNTITLED = "未命名对话";

export function buildConversationExport(format: ExportFormat, source: ExportSource): ExportFile {
  const base = exportFileBase(source.conversationName, source.now);
  if (format === "json") return { fileName: `${base}.json`, mimeType: "application/json", content: exportJson(source) };
  return { fileName: `${base}.md`, mimeType: "text/markdown;charset=utf-8", content: exportMarkdown(source) };
}

/** `思维火花-对话名-2026-11-25`: names the file systems refuse or hide are replaced, length bounded. */
export function exportFileBase(conversationName: string, now: Date): string {
  const name =
    conversationName
      // Path separators, characters Windows refuses, control characters (incl. bidi overrides that disguise an extension).
      .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]/gu, "_")
      .replace(/\s+/g, " ")
      .replace(/^[\s.]+|[\s.]+$/g, "")
      .slice(0, 60) || UNTITLED;
  return `思维火花-${name}-${localDate(now)}`;
}

function exportMarkdown({ appName, conversationId, conversationName, messages, now }: ExportSource): string {
  const lines = [
    ...frontMatter(conversationId),
    `# ${markdownLine(conversationName || UNTITLED)}`,
    "",
    `> ${AI_CONTENT_LABEL}：本文件中的回答由人工智能生成。`,
    "",
    `- 应用：${markdownLine(appName)}`,
    `- 导出时间：${localDate(now)} ${localTime(now)}`,
    `- 消息数：${messages.length}`,
    "",
  ];
  messages.forEach((message, index) => {
    lines.push(`## 问题 ${index + 1}`, "", quoteBlock(message.query), "", `### 回答（${AI_CONTENT_LABEL}）`, "", fenceIfNeeded(message.answer), "");
    const citations = citationsFrom(message.retriever_resources);
    if (citations) lines.push("#### 引用", "", ...citations.map(citationLine), "");
  });
  return `${lines.join("\n").trimEnd()}\n`;
}

/** The messages as Dify returned them, minus what only our systems need (file ids, upload URLs); a message id stays only as its label's `ProduceID`. */
function exportJson({ appName, conversationId, conversationName, messages, now }: ExportSource): string {
  const data = messages.map((message) => ({
    query: message.query,
    answer: message.answer,
    answer_label: AI_CONTENT_LABEL,
    AIGC: aigcMetadata(message.id),
    ...(message.created_at === undefined ? {} : { created_at: message.created_at }),
    ...(message.feedback?.rating ? { feedback: message.feedback.rating } : {}),
    ...(message.message_files?.length ? { files: message.message_files.map((file) => ({ name: file.filename ?? "", type: file.type ?? "" })) } : {}),
    ...citationsJson(message),
  }));
  const file = { AIGC: aigcMetadata(conversationId), label: AI_CONTENT_LABEL, app: appName, conversation: conversationName || UNTITLED, exported_at: now.toISOString(), messages: data };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** One source the answer cites, `[n] 名称 · 第 N 页 · <https://…>`: the name escaped, the link only http(s) (citations.ts). */
function citationLine(citation: Citation): string {
  const where = [citation.datasetName, citation.documentName, citation.page !== undefined ? `第 ${citation.page} 页` : "", citation.section ?? ""].filter(Boolean).map(markdownLine);
  // An autolink ends at `>` or a space: both are percent-encoded so the address cannot break out of it.
  const link = citation.url ? ` <${citation.url.replace(/[<>\s]/g, (character) => encodeURIComponent(character))}>` : "";
  return `${citation.position}. ${where.join(" · ")}${link}`;
}

function citationsJson(message: HistoryMessage) {
  const citations = citationsFrom(message.retriever_resources);
  if (!citations) return {};
  return { citations: citations.map(({ position, datasetName, documentName, content, url, page, section }) => ({ position, source: datasetName, title: documentName, content, ...(url ? { url } : {}), ...(page !== undefined ? { page } : {}), ...(section ? { section } : {}) })) };
}

/** The implicit label as YAML front matter: the `AIGC` object as one JSON line (JSON is valid YAML). */
function frontMatter(conversationId: string): string[] {
  return ["---", `AIGC: ${JSON.stringify(aigcMetadata(conversationId))}`, "---", ""];
}

/**
 * A title or value on one Markdown line: line breaks would start new blocks (a fake heading), and
 * Markdown punctuation is backslash-escaped so a name like `<img onerror=…>` or `[x](javascript:…)`
 * stays text in any viewer.
 */
function markdownLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ").trim().replace(/[\\`*_{}[\]()<>#!|~]/g, "\\$&");
}

/** The question as a block quote: every line quoted, so its own `#` or `---` cannot become structure. */
function quoteBlock(text: string): string {
  if (hasHtml(text)) return fenced(text);
  return text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
}

/**
 * The answer stays Markdown (that is how it was written and shown), except that HTML in it would
 * be live in a viewer that renders it: then the whole answer goes into a fence longer than any it has.
 */
function fenceIfNeeded(answer: string): string {
  return hasHtml(answer) ? fenced(answer) : answer;
}

function hasHtml(text: string): boolean {
  return /<[a-z!/?]/i.test(text);
}

/** A code fence longer than any backtick run inside, so the text cannot close it early. */
function fenced(text: string): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}

function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function localTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const pad = (value: number) => String(value).padStart(2, "0");
