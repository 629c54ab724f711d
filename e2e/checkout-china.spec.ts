import type { Browser, BrowserContext, Page, Response } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { startChinaPayStack, type ChinaPayStack } from "./support/china-pay-stack";
import { expect, test } from "./support/fixtures";

// 微信支付 / 支付宝 against their fakes: an app process of this run's build configured with both
// (checkout-china's own, test checkout off), and the fakes in this worker — a test "scans" by telling
// the fake the buyer paid. The test-mode path (模拟扫码支付) runs on the main e2e server.

test.describe.configure({ mode: "serial" });

let stack: ChinaPayStack;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startChinaPayStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

const ORDER_PAGE = /\/dashboard\/billing\/checkout\/([0-9a-f-]{36})$/;
const outTradeNo = (orderId: string) => orderId.replaceAll("-", "");

/** A signed-in browser context of a fresh account on the 微信支付 / 支付宝 server. */
async function signedInOnChinaServer(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: stack.url, locale: "zh-CN" });
  const page = await context.newPage();
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  return { context, page };
}

/** The pricing page, once hydrated and told how one can pay here (its one GET /api/checkout). */
async function openPricing(page: Page) {
  let answered = 0;
  const counted = (response: Response) => {
    if (new URL(response.url()).pathname === "/api/checkout" && response.request().method() === "GET") answered += 1;
  };
  page.on("response", counted);
  await page.goto("/pricing");
  await expect.poll(() => answered).toBeGreaterThanOrEqual(1);
  page.off("response", counted);
}

async function expectPlanActive(page: Page) {
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing(\?checkout=success)?$/);
  await expect(page.getByText("支付成功，套餐已生效", { exact: true })).toBeVisible();
  await expect(page.getByTestId("current-plan-name")).toHaveText("专业版");
  await expect(page.getByRole("table", { name: "付款记录" })).toContainText("¥49");
}

test("专业版 by 微信支付 Native QR: the QR page shows amount and countdown, the scan lands on billing; another user gets 404", async ({ browser }) => {
  const { context, page } = await signedInOnChinaServer(browser);
  await openPricing(page);
  await page.getByRole("button", { name: "选择专业版" }).click();

  const chooser = page.getByRole("dialog", { name: "选择支付方式" });
  await expect(chooser).toBeVisible();
  await expect(chooser.getByRole("radio")).toHaveText(["微信支付（扫码）", "支付宝（网页收银台）", "支付宝（扫码）"]);
  await expect(chooser.getByRole("radio", { name: "微信支付（扫码）" })).toHaveAttribute("aria-checked", "true");
  await chooser.getByRole("button", { name: "去支付" }).click();

  await expect(page).toHaveURL(ORDER_PAGE);
  const orderId = ORDER_PAGE.exec(page.url())![1]!;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("微信支付 · 扫码支付");
  await expect(page.getByTestId("order-amount")).toHaveText("¥49");
  await expect(page.getByRole("img", { name: "微信支付付款二维码" })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/^请在 (29:\d\d|30:00) 内完成支付$/);
  await expect(page.getByRole("region", { name: "确认订单" })).toContainText("专业版");
  // The order really is at WeChat Pay, for the plan's price in 分.
  expect(stack.wechatPay.transactions.get(outTradeNo(orderId))?.request.amount).toEqual({ total: 4900, currency: "CNY" });

  // Another account cannot see the order, on the page or through its status route.
  const other = await signedInOnChinaServer(browser);
  expect((await other.page.goto(`/dashboard/billing/checkout/${orderId}`))?.status()).toBe(404);
  expect((await other.page.request.get(`/api/checkout/${orderId}/status`)).status()).toBe(404);
  await other.context.close();

  // The buyer scans and pays: WeChat Pay notifies our server, the page's poll sees it.
  expect((await stack.wechatPay.payAndNotify(outTradeNo(orderId))).status).toBe(204);
  await expectPlanActive(page);
  await context.close();
});

test("专业版 by 支付宝 电脑网站支付: the cashier, then the return settles by query before any notification", async ({ browser }) => {
  const { context, page } = await signedInOnChinaServer(browser);
  await openPricing(page);
  await page.getByRole("button", { name: "选择专业版" }).click();
  const chooser = page.getByRole("dialog", { name: "选择支付方式" });
  await chooser.getByRole("radio", { name: "支付宝（网页收银台）" }).click();
  await chooser.getByRole("button", { name: "去支付" }).click();

  // The fake's cashier page (a signed alipay.trade.page.pay request it verified).
  await expect(page.getByText(/应付 ¥49\.00/)).toBeVisible();
  const trade = [...stack.alipay.trades.values()].at(-1)!;
  expect(trade).toMatchObject({ totalAmount: "49.00", method: "alipay.trade.page.pay" });

  // The buyer pays; Alipay sends the browser back to return_url before its notification arrives.
  stack.alipay.pay(trade.outTradeNo);
  await page.goto(`/dashboard/settings/billing?checkout=alipay&out_trade_no=${trade.outTradeNo}&total_amount=49.00`);
  await expectPlanActive(page);
  // A one-off purchase simply ends with its period: billing offers no 恢复订阅 / 取消订阅 / 降级 (issue 38 item 7).
  await expect(page.getByText(/当前套餐可使用至/)).toBeVisible();
  for (const name of ["恢复订阅", "取消订阅", /^降级/]) await expect(page.getByRole("button", { name })).toHaveCount(0);
  // The notification that follows changes nothing.
  expect(await stack.alipay.notify(trade.outTradeNo)).toBe("success");
  await context.close();
});

test("test mode: the local checkout offers 微信支付 on the real QR page, and 模拟扫码支付 pays it", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  const response = await page.request.post("/api/checkout", { data: { planId: "pro", interval: "month" } });
  const { url } = (await response.json()) as { url: string };
  await page.goto(url);
  await page.getByRole("region", { name: "或模拟扫码支付" }).getByRole("button", { name: "微信支付" }).click();

  await expect(page).toHaveURL(ORDER_PAGE);
  await expect(page.getByText("测试模式", { exact: true })).toBeVisible();
  await expect(page.getByTestId("order-amount")).toHaveText("¥49");
  await expect(page.getByRole("img", { name: "微信支付付款二维码" })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/^请在 1[45]:\d\d 内完成支付$/);
  await page.getByRole("button", { name: "模拟扫码支付" }).click();
  await expectPlanActive(page);
});

test("test mode: the simulated 微信支付 QR buys a period that ends by itself, not one that renews", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/pricing");
  await page.getByRole("button", { name: "选择专业版" }).click();
  const chooser = page.getByRole("dialog", { name: "选择支付方式" });
  await chooser.getByRole("radio", { name: "微信支付（扫码）" }).click();
  await chooser.getByRole("button", { name: "去支付" }).click();
  await expect(page).toHaveURL(ORDER_PAGE);
  await expect(page.getByRole("img", { name: "微信支付付款二维码" })).toBeVisible();
  await page.getByRole("button", { name: "模拟扫码支付" }).click();
  await expectPlanActive(page);
  // Issue 38 item 6: a one-off purchase says when it ends (never 自动续费) and offers no 恢复订阅 / 降级.
  await expect(page.getByTestId("subscription-status")).toHaveText(/^当前套餐可使用至 /);
  await expect(page.getByText("测试模式", { exact: true }).first()).toBeVisible();
  for (const name of ["恢复订阅", "取消订阅", /^降级/]) await expect(page.getByRole("button", { name })).toHaveCount(0);
});

test.describe("test mode on a phone", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  });

  test("the chooser offers the phone's 微信支付 / 支付宝; 支付宝 opens its simulated page and 模拟支付 pays", async ({ page }) => {
    await signInThroughApi(page.request, await createConfirmedAccount(page.request));
    await page.goto("/pricing");
    await page.getByRole("button", { name: "选择专业版" }).click();
    const chooser = page.getByRole("dialog", { name: "选择支付方式" });
    await expect(chooser.getByRole("radio")).toHaveText(["微信支付", "支付宝", "测试支付（不扣款）"]);
    await chooser.getByRole("radio", { name: "支付宝", exact: true }).click();
    await chooser.getByRole("button", { name: "去支付" }).click();

    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "支付宝付款（模拟）" })).toBeVisible();
    await expect(page.getByText("¥49", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "或模拟扫码支付" })).toHaveCount(0);
    await page.getByRole("button", { name: "模拟支付" }).click();
    await expectPlanActive(page);
    await expect(page.getByTestId("subscription-status")).toHaveText(/^当前套餐可使用至 /);
  });
});

test("test mode: when the countdown runs out the page shows 订单已过期 and offers 重新下单", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  const response = await page.request.post("/api/checkout", { data: { planId: "pro", interval: "month" } });
  const orderId = ((await response.json()) as { url: string }).url.split("/").pop()!;
  expect((await page.request.post(`/api/checkout/${orderId}/test-qr`, { data: { brand: "alipay" } })).status()).toBe(200);

  await page.clock.install();
  await page.goto(`/dashboard/billing/checkout/${orderId}`);
  await expect(page.getByRole("img", { name: "支付宝付款二维码" })).toBeVisible();
  await expect(page.getByRole("timer")).toBeVisible();
  await page.clock.fastForward("16:00");
  await expect(page.getByText("订单已过期", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "重新下单" })).toBeVisible();
  await expect(page.getByRole("img", { name: "支付宝付款二维码" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "模拟扫码支付" })).toHaveCount(0);
});
