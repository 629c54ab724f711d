import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { UsageCall } from "../types";
import { LatestCallsTable } from "./latest-calls-table";

const call = (overrides: Partial<UsageCall>): UsageCall =>
  ({ id: "c", appid: "a", appName: "应用", kind: "chat", createdAt: "2026-11-01T00:00:00Z", promptTokens: 0, completionTokens: 0, totalTokens: 0, latencyMs: 100, model: null, modelName: null, estimated: false, apiKeyName: null, costFen: null, ...overrides });

describe("LatestCallsTable", () => {
  it("shows what a call paid from the balance, and 套餐内 for one the plan's tokens paid", () => {
    const html = renderToStaticMarkup(<LatestCallsTable calls={[call({ costFen: 25, totalTokens: 9 }), call({ id: "d", totalTokens: 9 })]} />);
    expect(html).toContain("费用");
    expect(html).toContain("¥0.25");
    expect(html).toContain("套餐内");
  });

  it("marks the split of a call that reported only a total, instead of showing 0 / 0", () => {
    const html = renderToStaticMarkup(<LatestCallsTable calls={[call({ kind: "workflow", totalTokens: 316 })]} />);
    expect(html).toContain("该应用只报告了合计 Token");
    expect(html).toContain("316");
    expect(html).not.toMatch(/>0</);
  });

  it("shows the split when the upstream gave one", () => {
    const html = renderToStaticMarkup(<LatestCallsTable calls={[call({ promptTokens: 12, completionTokens: 30, totalTokens: 42 })]} />);
    expect(html).not.toContain("该应用只报告了合计 Token");
    expect(html).toContain(">12<");
    expect(html).toContain(">30<");
  });

  it("names the model of a model app's call and marks estimated figures", () => {
    const html = renderToStaticMarkup(<LatestCallsTable calls={[call({ model: "deepseek-chat", estimated: true, promptTokens: 3, completionTokens: 4, totalTokens: 7 })]} />);
    expect(html).toContain("deepseek-chat");
    expect(html).toContain("（估算）");
    expect(renderToStaticMarkup(<LatestCallsTable calls={[call({ totalTokens: 5, promptTokens: 2, completionTokens: 3 })]} />)).not.toContain("估算");
  });

  it("says which API key made a call through the developer API, and nothing for the site's own calls", () => {
    const html = renderToStaticMarkup(<LatestCallsTable calls={[call({ apiKeyName: "周报脚本", totalTokens: 9, promptTokens: 4, completionTokens: 5 })]} />);
    expect(html).toContain("API 密钥「周报脚本」");
    expect(renderToStaticMarkup(<LatestCallsTable calls={[call({ totalTokens: 9, promptTokens: 4, completionTokens: 5 })]} />)).not.toContain("API 密钥");
  });

  it("names the model by its display name, the id on hover", () => {
    const html = renderToStaticMarkup(<LatestCallsTable calls={[call({ model: "spark-swift", modelName: "火花 快速版", totalTokens: 7 })]} />);
    expect(html).toContain("火花 快速版");
    expect(html).toContain('title="spark-swift"');
    expect(html).not.toContain(">spark-swift<");
  });
});
