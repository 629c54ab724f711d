import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testTargetKinds, useTestDatabase } from "../../../../../test/database-targets";
import type { CheckoutMethod } from "../../checkout-methods";
import { methodsForDevice } from "../../payment-providers";
import { billingCopy } from "../../copy";
import { formatBillingDate } from "../../format";
import { describeSubscription } from "../../subscription-status";
import { changeSubscription, startCheckout } from "../billing-actions";
import { checkoutAvailability } from "../checkout-availability";
import { completeLocalOrder, getCheckoutOrder } from "../checkout-orders";
import { readCheckoutOrderView, simulateQrScan } from "../china-checkout";
import { listPayments } from "../payments";
import { createPaymentProviders } from "../providers";
import { getSubscriptionSummary } from "../subscription-summary";
import { simulatedPageBrandOf } from "./simulated";

// Issue 38 item 6: test mode takes the chooser and device paths the real 微信支付 / 支付宝 would, with
// 模拟支付 where their page would be, and what it sells behaves like what they sell (a one-off period).
const providers = createPaymentProviders({ localTestMode: true });

describe("test mode's stand-in methods", () => {
  it("offers every 微信支付 / 支付宝 method, each device getting the ones the real providers would give it", async () => {
    const availability = await checkoutAvailability(providers, async () => null);
    expect(availability).toMatchObject({ open: true, testMode: true, defaultProvider: "local" });
    expect(methodsForDevice(availability.methods, "desktop")).toEqual(["wechat_native", "alipay_page", "alipay_qr"]);
    expect(methodsForDevice(availability.methods, "mobile")).toEqual(["wechat_h5", "alipay_wap"]);
    expect(methodsForDevice(availability.methods, "wechat")).toEqual(["wechat_jsapi", "alipay_wap"]);
    // Closed stays closed; beside a real provider the test mode offers only its own checkout.
    expect(createPaymentProviders().methods).toEqual([]);
  });
});

describe.each(testTargetKinds())("simulated 微信支付 / 支付宝 checkout on %s", (kind) => {
  const database = useTestDatabase(kind);
  const at = (iso: string) => new Date(iso);
  const buy = (userId: string, method: CheckoutMethod, now: Date) => startCheckout(database.db, userId, { planId: "pro", interval: "month", method }, { now, providers });
  const idOf = (url: string) => url.split("/").pop()!;

  it("a QR method opens the real order page with a simulated QR; a page method opens the simulated cashier", async () => {
    const userId = randomUUID();
    const now = at("2026-04-01T08:00:00Z");
    const qr = await buy(userId, "wechat_native", now);
    expect(qr.url).toMatch(/^\/dashboard\/billing\/checkout\/[0-9a-f-]{36}$/);
    expect(await readCheckoutOrderView(database.db, providers, userId, idOf(qr.url), { now })).toMatchObject({
      amount: 4900,
      brand: "wechat_pay",
      status: "pending",
      qr: { simulated: true },
    });

    for (const [method, brand] of [["alipay_page", "alipay"], ["alipay_wap", "alipay"], ["wechat_h5", "wechat_pay"], ["wechat_jsapi", "wechat_pay"]] as const) {
      const page = await buy(userId, method, now);
      expect(page.url, method).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
      const order = await getCheckoutOrder(database.db, userId, idOf(page.url));
      expect(order?.provider).toBe("local");
      expect(simulatedPageBrandOf(order!)).toBe(brand);
    }
  });

  it("a simulated 支付宝 purchase is a one-off period: it says when it ends, allows no resume or downgrade, and ends without renewing", async () => {
    const userId = randomUUID();
    const now = at("2026-04-01T08:00:00Z");
    const { url } = await buy(userId, "alipay_page", now);
    await completeLocalOrder(database.db, userId, idOf(url), now);

    const summary = await getSubscriptionSummary(database.db, userId, now);
    expect(summary).toMatchObject({ plan: { id: "pro" }, provider: "local", simulatedProvider: "alipay", cancelAtPeriodEnd: true });
    expect(describeSubscription(summary).text).toBe(billingCopy.billing.oneOffEndsOn(formatBillingDate(summary.currentPeriodEnd!)));
    await expect(changeSubscription(database.db, userId, { action: "resume" }, { now, providers })).rejects.toMatchObject({ statusCode: 409 });
    await expect(changeSubscription(database.db, userId, { action: "downgrade", planId: "free" }, { now, providers })).resolves.toBeUndefined();

    // Past its end the plan is over: no free renewal as a test-checkout period would get.
    const later = at("2026-05-02T08:00:00Z");
    expect((await getSubscriptionSummary(database.db, userId, later)).plan.id).toBe("free");
    expect((await listPayments(database.db, userId)).map((payment) => payment.reason)).toEqual(["checkout"]);
  });

  it("模拟扫码支付 of a simulated 微信支付 QR buys the same one-off period", async () => {
    const userId = randomUUID();
    const now = at("2026-04-01T08:00:00Z");
    const { url } = await buy(userId, "wechat_native", now);
    await simulateQrScan(database.db, userId, idOf(url), now);
    const summary = await getSubscriptionSummary(database.db, userId, now);
    expect(summary).toMatchObject({ plan: { id: "pro" }, simulatedProvider: "wechat_pay" });
    expect(describeSubscription(summary).text).not.toContain("自动续费");
  });
});
