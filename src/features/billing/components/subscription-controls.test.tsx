import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { SubscriptionSummary } from "../types";
import { SubscriptionControls } from "./subscription-controls";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const summary = (overrides: Partial<SubscriptionSummary>): SubscriptionSummary => ({
  plan: { id: "pro", name: "专业版", monthlyTokenQuota: 2_000_000 },
  status: "active",
  interval: "month",
  currentPeriodStart: "2026-11-01T00:00:00Z",
  currentPeriodEnd: "2026-12-01T00:00:00Z",
  cancelAtPeriodEnd: true,
  provider: "local",
  pendingChange: null,
  usage: { tokensUsed: 0, tokensQuota: 2_000_000, grantedTokens: 0 },
  ...overrides,
});

// Issue 38 item 7: only the actions the plan's provider allows.
describe("SubscriptionControls", () => {
  it("offers no 恢复订阅 or 取消订阅 for a one-off 支付宝 / 微信支付 purchase (its period simply ends)", () => {
    for (const provider of ["alipay", "wechat_pay"] as const) {
      const html = renderToStaticMarkup(<SubscriptionControls summary={summary({ provider })} />);
      expect(html).not.toContain("恢复订阅");
      expect(html).not.toContain("取消订阅");
    }
  });

  it("offers 恢复订阅 for a canceled subscription whose provider can resume it", () => {
    expect(renderToStaticMarkup(<SubscriptionControls summary={summary({ provider: "stripe" })} />)).toContain("恢复订阅");
    expect(renderToStaticMarkup(<SubscriptionControls summary={summary({ provider: "local" })} />)).toContain("恢复订阅");
  });
});
