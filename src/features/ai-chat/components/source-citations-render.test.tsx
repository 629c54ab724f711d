import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { citationsFrom } from "../citations";
import type { Exchange } from "../types";
import { MessageItem } from "./message-item";

// Model apps' sources (issue 37) as the 引用 UI shows them: web results link out (http(s) only),
// document passages say their page or section; whatever a search result says renders as text.
const noop = () => undefined;
const base: Exchange = { key: "k", query: "问", files: [], fileRefs: [], answer: "回答 [1]", status: "done", feedback: null, messageId: "m" };
const render = (resources: unknown[]) => renderToStaticMarkup(<MessageItem exchange={{ ...base, citations: citationsFrom(resources) }} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} />);

describe("model-app citations", () => {
  it("link a web result to its https address and show a document's page and section", () => {
    const html = render([
      { position: 1, dataset_name: "本站文档", document_name: "模型应用 · 联网搜索", segment_id: "u", score: null, content: "开启联网搜索", kind: "web", url: "https://spark.example/docs/guides/model-apps#联网搜索" },
      { position: 2, dataset_name: "我的知识库", document_name: "手册.pdf", segment_id: "c", score: 0.8, content: "年假 15 天", kind: "document", page: 3, section: "休假制度" },
    ]);
    expect(html).toContain('href="https://spark.example/docs/guides/model-apps#联网搜索"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain("第 3 页 · 休假制度");
    expect(html.match(/data-testid="citation-link"/g)).toHaveLength(1);
  });

  it("render a hostile result's title and snippet as text and never link a javascript: address", () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const html = render([{ position: 1, dataset_name: "搜索", document_name: hostile, segment_id: "h", score: null, content: hostile, kind: "web", url: "javascript:alert(3)" }]);
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("citation-link");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});
