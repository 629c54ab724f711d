import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { mdxComponents } from "./mdx-components";

// Issue 38 item 12: /docs/guides/operator-console was 448 px wide on a 390 px phone (a long inline code line).
describe("inline code in documents", () => {
  it("may break anywhere, while code blocks keep their lines", () => {
    const Code = mdxComponents.code;
    const Pre = mdxComponents.pre;
    expect(renderToStaticMarkup(<Code>npx tsx scripts/admin.ts grant someone@example.com</Code>)).toContain("[overflow-wrap:anywhere]");
    expect(renderToStaticMarkup(<Pre />)).toContain("overflow-x-auto");
  });
});
