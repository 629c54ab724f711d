import { describe, expect, it } from "vitest";
import { checkoutBodySchema, subscriptionActionSchema } from "./schemas";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe("billing request schemas", () => {
  it("accept a plan and an interval, with Chinese messages otherwise", () => {
    expect(checkoutBodySchema.parse({ planId: "pro", interval: "year" })).toEqual({ planId: "pro", interval: "year" });
    // The shape only: whether a well-formed id like "gold" exists is startCheckout's check against the
    // database (plan-catalog.test.ts), since operators add plans.
    expect(checkoutBodySchema.safeParse({ planId: "gold", interval: "month" }).success).toBe(true);
    expect(firstMessage(checkoutBodySchema.safeParse({ planId: "Gold Plan!", interval: "month" }))).toBe("请选择有效的套餐");
    expect(firstMessage(checkoutBodySchema.safeParse({ planId: 7, interval: "month" }))).toBe("请选择有效的套餐");
    expect(firstMessage(checkoutBodySchema.safeParse({ planId: "pro", interval: "week" }))).toBe("计费周期只能是 month 或 year");
  });

  it("accept the four subscription actions only", () => {
    expect(subscriptionActionSchema.parse({ action: "downgrade", planId: "pro" })).toEqual({ action: "downgrade", planId: "pro" });
    expect(subscriptionActionSchema.parse({ action: "cancel" })).toEqual({ action: "cancel" });
    expect(firstMessage(subscriptionActionSchema.safeParse({ action: "refund" }))).toBe("不支持的操作");
    expect(firstMessage(subscriptionActionSchema.safeParse({ action: "downgrade" }))).toBe("请选择有效的套餐");
  });
});
