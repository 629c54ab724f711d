import { describe, expect, it } from "vitest";
import { buildSearchIndex } from "./build-search-index";
import { queryTerms, searchDocs } from "./search-docs";

describe("docs search", () => {
  const index = buildSearchIndex();

  it("cuts Chinese queries into words", () => {
    expect(queryTerms("托管数据库")).toEqual(["托管", "数据库"]);
    expect(queryTerms("  接入 Dify！ ")).toEqual(["接入", "dify"]);
    expect(queryTerms("")).toEqual([]);
  });

  it("finds the right doc for a Chinese term", () => {
    expect(searchDocs(index, "支付")[0]?.href).toMatch(/^\/docs\/guides\/(china-)?payments/);
    expect(searchDocs(index, "APIv3 密钥")[0]?.href).toMatch(/^\/docs\/guides\/wechat-pay/);
    expect(searchDocs(index, "托管 Supabase")[0]?.href).toMatch(/^\/docs\/guides\/supabase-postgres/);
    expect(searchDocs(index, "反向代理")[0]?.href).toBe("/docs/guides/deployment#反向代理");
    expect(searchDocs(index, "健康检查").map((result) => result.href)).toContain("/docs/api#健康检查get-apihealth");
  });

  it("finds environment variables and requires every word", () => {
    expect(searchDocs(index, "DIFY_APPS")[0]?.href).toMatch(/^\/docs\/guides\/dify-apps/);
    expect(searchDocs(index, "支付 火星")).toEqual([]);
  });

  it("links every result to a section of a doc and shows a snippet", () => {
    for (const result of searchDocs(index, "应用")) {
      expect(result.href).toMatch(/^\/docs(\/|$|#)/);
      expect(result.snippet.length).toBeGreaterThan(0);
    }
  });
});
