import { describe, expect, it } from "vitest";
import { formatAmountFen, formatBillingDate, formatTokens } from "./format";
import { canRenew, describeSubscription } from "./subscription-status";
import type { SubscriptionSummary } from "./types";

const pro: SubscriptionSummary = {
  plan: { id: "pro", name: "专业版", monthlyTokenQuota: 2_000_000 },
  status: "active",
  interval: "month",
  currentPeriodStart: "2026-11-21T10:00:00.000Z",
  currentPeriodEnd: "2026-12-21T10:00:00.000Z",
  cancelAtPeriodEnd: false,
  provider: "local",
  pendingChange: null,
  usage: { tokensUsed: 0, tokensQuota: 2_000_000, grantedTokens: 0 },
};

describe("describeSubscription", () => {
  it("states renewal, cancellation, a scheduled downgrade and a failed payment honestly", () => {
    expect(describeSubscription(pro).text).toBe("将于 2026-12-21 自动续费");
    expect(describeSubscription({ ...pro, cancelAtPeriodEnd: true }).text).toBe("已取消续订，当前套餐可使用至 2026-12-21，之后转为免费版");
    expect(
      describeSubscription({ ...pro, plan: { id: "team", name: "团队版", monthlyTokenQuota: 1 }, pendingChange: { planId: "pro", planName: "专业版", interval: "month", effectiveAt: "2026-12-21T10:00:00.000Z" } }),
    ).toEqual({ tone: "warning", text: "将于 2026-12-21 降级为专业版" });
    expect(describeSubscription({ ...pro, status: "past_due" }).tone).toBe("destructive");
    expect(describeSubscription({ ...pro, plan: { id: "free", name: "免费版", monthlyTokenQuota: 1 }, currentPeriodEnd: null }).text).toMatch(/免费版/);
  });
});

describe("one-off periods", () => {
  it("an Alipay / 微信支付 period says when it ends and that 续费 extends it; 续费 is offered for one-off plans only", () => {
    for (const provider of ["alipay", "wechat_pay"] as const) {
      expect(describeSubscription({ ...pro, provider, cancelAtPeriodEnd: true }).text).toBe("当前套餐可使用至 2026-12-21，到期前续费可从到期日起顺延");
      expect(canRenew({ ...pro, provider, cancelAtPeriodEnd: true })).toBe(true);
    }
    expect(canRenew(pro)).toBe(true);
    expect(canRenew({ ...pro, provider: "stripe" })).toBe(false);
    expect(canRenew({ ...pro, provider: "alipay", status: "past_due" })).toBe(false);
    expect(canRenew({ ...pro, plan: { id: "free", name: "免费版", monthlyTokenQuota: 1 }, provider: null, currentPeriodEnd: null })).toBe(false);
  });
});

describe("formats", () => {
  it("shows China dates, yuan amounts and tokens in 万", () => {
    expect(formatBillingDate("2026-12-20T16:30:00.000Z")).toBe("2026-12-21");
    expect(formatAmountFen(4900)).toBe("¥49");
    expect(formatAmountFen(199000)).toBe("¥1,990");
    expect(formatAmountFen(50)).toBe("¥0.50");
    expect(formatTokens(2_000_000)).toBe("200 万");
    expect(formatTokens(10_000_000)).toBe("1000 万");
    expect(formatTokens(8_500)).toBe("8,500");
  });
});
