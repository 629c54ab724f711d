import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import MarkdownRenderer from "@/features/ai-runtime/components/markdown-renderer";
import { SharedConversationView } from "./shared-conversation-view";

// A shared page shows text its owner chose (and steered the AI to write) to anyone with the link:
// nothing in it may become markup that runs. The page's CSP (nonce, strict-dynamic) is the second wall.
const HOSTILE = [
  "<script>alert(1)</script>",
  '<img src="x" onerror="alert(1)">',
  "[点我](javascript:alert(1))",
  "[也点我](JAVASCRIPT:alert(1)) [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [vb](vbscript:msgbox)",
  '<svg onload="alert(1)"><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="https://evil.example" onclick="alert(1)">链接</a>',
  "![x](javascript:alert(1))",
  '<form action="https://evil.example"><button>提交</button></form>',
  '<div style="position:fixed;inset:0">覆盖</div>',
].join("\n\n");

/** Markup, not text: raw HTML shown as text (`&lt;script&gt;…`) is harmless. */
function tagsOf(html: string): string[] {
  return html.match(/<[a-zA-Z][^>]*>/g) ?? [];
}

function expectInert(html: string) {
  for (const tag of tagsOf(html)) {
    expect(tag).not.toMatch(/^<(script|iframe|form|object|embed|style|link|meta|base)\b/i);
    expect(tag).not.toMatch(/\son[a-z]+=/i);
    expect(tag).not.toMatch(/(href|src|action)="\s*(javascript|vbscript|data):/i);
    expect(tag).not.toMatch(/style="position:fixed/i);
  }
}

describe("hostile markup in a shared answer (the site's markdown renderer)", () => {
  it("renders no raw HTML, no event handlers and no script URLs", () => {
    const html = renderToStaticMarkup(<MarkdownRenderer source={HOSTILE} />);
    expectInert(html);
    // No SVG from the answer (our own icons are the only SVG the page draws).
    expect(tagsOf(html).some((tag) => tag.startsWith("<svg"))).toBe(false);
    // The link text survives as text; only the dangerous target is gone.
    expect(html).toContain("点我");
  });
});

describe("images in a shared answer", () => {
  it("are shown as their description: the page makes no request the author chose", () => {
    const html = renderToStaticMarkup(<MarkdownRenderer source={"![首页](/api/ai/conversations/search?appid=demo-chat&q=x) ![](https://tracker.example/p.gif)"} images={false} />);
    expect(tagsOf(html).some((tag) => tag.startsWith("<img"))).toBe(false);
    expect(html).toContain("［图片：首页］");
    expect(html).not.toContain("tracker.example");
  });
});

describe("SharedConversationView", () => {
  const share = {
    appName: "火花助手",
    title: '<img src=x onerror="alert(1)">标题',
    sharedAt: new Date("2026-11-25T08:00:00Z"),
    messages: [{ query: "<script>alert(1)</script>问题", answer: HOSTILE, created_at: 1_700_000_000 }],
  };

  it("shows the header, the snapshot notice and the question as text", () => {
    const html = renderToStaticMarkup(<SharedConversationView share={share} />);
    expectInert(html);
    expect(html).toContain("由 思维火花 用户分享的对话快照");
    expect(html).toContain("2026年11月25日");
    expect(html).toContain("火花助手");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;问题");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;标题");
    // Read-only: no form fields, no composer.
    expect(html).not.toMatch(/<textarea|<input/);
  });
});
