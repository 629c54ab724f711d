import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { UsageCall } from "../types";
import { LatestCallsTable } from "./latest-calls-table";

const call = (overrides: Partial<UsageCall>): UsageCall =>
  ({ id: "c", appid: "a", appName: "应用", kind: "chat", createdAt: "2026-11-01T00:00:00Z", promptTokens: 0, completionTokens: 0, totalTokens: 0, latencyMs: 100, ...overrides });

describe("LatestCallsTable", () => {
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
});
