import type { Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Every test changes a plan, so each signs in a fresh account of its own (the worker-scoped
// `account` fixture is shared with other specs and must stay on the free plan).

type Summary = {
  plan: { id: string; name: string };
  interval: "month" | "year";
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  pendingChange: { planId: string; effectiveAt: string } | null;
  usage: { tokensUsed: number; tokensQuota: number };
};

/** The date as the billing page shows it: the calendar day in China time. */
const chinaDate = (iso: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));

async function signInFreshUser(page: Page) {
  const account = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, account);
}

async function subscription(page: Page): Promise<Summary> {
  const response = await page.request.get("/api/user/subscription");
  expect(response.ok()).toBe(true);
  return (await response.json()) as Summary;
}

/** Starts a checkout through the API and pays it on the local test-mode page. */
async function buyThroughLocalCheckout(page: Page, planId: "pro" | "team", interval: "month" | "year") {
  const response = await page.request.post("/api/checkout", { data: { planId, interval } });
  expect(response.status(), await response.text()).toBe(200);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
  await page.goto(url);
  // A short order number a person can read out, not the order's UUID.
  await expect(page.getByText(/^\d{8}-[0-9A-F]{8}$/)).toBeVisible();
  await expect(page.getByText(url.split("/").pop()!)).toHaveCount(0);
  await page.getByRole("button", { name: "支付成功" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing(\?checkout=success)?$/);
}

test("a signed-in user upgrades to 专业版 through the test checkout, then cancels and resumes", async ({ page }) => {
  await signInFreshUser(page);
  await page.goto("/pricing");
  await page.getByRole("button", { name: "选择专业版" }).click();
  // Test mode offers what 微信支付 / 支付宝 would on this device (issue 38 item 6), and its own checkout.
  const chooser = page.getByRole("dialog", { name: "选择支付方式" });
  await expect(chooser.getByRole("radio")).toHaveText(["微信支付（扫码）", "支付宝（网页收银台）", "支付宝（扫码）", "测试支付（不扣款）"]);
  await expect(chooser).toContainText("测试模式：各支付方式均为模拟，不会产生真实扣款。");
  await chooser.getByRole("radio", { name: "测试支付（不扣款）" }).click();
  await chooser.getByRole("button", { name: "去支付" }).click();

  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "确认订单" })).toBeVisible();
  await expect(page.getByTestId("test-mode-badge")).toHaveText("测试模式");
  await expect(page.getByText("¥49", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "支付成功" }).click();

  await expect(page).toHaveURL(/\/dashboard\/settings\/billing(\?checkout=success)?$/);
  await expect(page.getByTestId("current-plan-name")).toHaveText("专业版");
  await expect(page.getByText("支付成功，套餐已生效", { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "付款记录" })).toContainText("¥49");

  const paid = await subscription(page);
  expect(paid).toMatchObject({ plan: { id: "pro" }, interval: "month", cancelAtPeriodEnd: false, usage: { tokensQuota: 2_000_000 } });
  const endDate = chinaDate(paid.currentPeriodEnd!);
  await expect(page.getByTestId("subscription-status")).toHaveText(`将于 ${endDate} 自动续费`);

  await page.getByRole("button", { name: "取消订阅" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "确认取消" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText(`已取消续订，当前套餐可使用至 ${endDate}，之后转为免费版`);
  // Still 专业版 until the period ends.
  await expect(page.getByTestId("current-plan-name")).toHaveText("专业版");
  expect((await subscription(page)).cancelAtPeriodEnd).toBe(true);

  await page.getByRole("button", { name: "恢复订阅" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText(`将于 ${endDate} 自动续费`);
});

test("upgrading raises the monthly token quota in /api/user/subscription", async ({ page }) => {
  await signInFreshUser(page);
  expect(await subscription(page)).toMatchObject({ plan: { id: "free" }, usage: { tokensUsed: 0, tokensQuota: 100_000 } });
  await buyThroughLocalCheckout(page, "team", "year");
  expect(await subscription(page)).toMatchObject({ plan: { id: "team", name: "团队版" }, interval: "year", usage: { tokensQuota: 10_000_000 } });
  await expect(page.getByTestId("current-plan-name")).toHaveText("团队版");
});

test("a downgrade is scheduled for the period end and can be undone", async ({ page }) => {
  await signInFreshUser(page);
  await buyThroughLocalCheckout(page, "team", "month");
  const { currentPeriodEnd } = await subscription(page);

  await page.getByRole("button", { name: "降级到专业版" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "确认降级" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText(`将于 ${chinaDate(currentPeriodEnd!)} 降级为专业版`);
  await expect(page.getByTestId("current-plan-name")).toHaveText("团队版");
  expect((await subscription(page)).pendingChange).toMatchObject({ planId: "pro", effectiveAt: currentPeriodEnd });

  await page.getByRole("button", { name: "撤销降级" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText(`将于 ${chinaDate(currentPeriodEnd!)} 自动续费`);
});

test("续费 on the billing page extends the period from its end (the shown end date moves one month on)", async ({ page }) => {
  await signInFreshUser(page);
  await buyThroughLocalCheckout(page, "pro", "month");
  const before = await subscription(page);
  await expect(page.getByText(`${chinaDate(before.currentPeriodEnd!)}`, { exact: false }).first()).toBeVisible();

  await page.getByRole("listitem", { name: "专业版" }).getByRole("button", { name: "续费" }).click();
  const chooser = page.getByRole("dialog", { name: "选择支付方式" });
  await chooser.getByRole("radio", { name: "测试支付（不扣款）" }).click();
  await chooser.getByRole("button", { name: "去支付" }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText("¥49", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "支付成功" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing(\?checkout=success)?$/);

  const after = (await subscription(page)) as Summary & { currentPeriodStart: string };
  expect(after).toMatchObject({ plan: { id: "pro" }, interval: "month" });
  // One calendar month after the old end (China time), not after today.
  const [year, month, day] = chinaDate(before.currentPeriodEnd!).split("-").map(Number) as [number, number, number];
  const expectedMonth = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
  expect(chinaDate(after.currentPeriodEnd!).startsWith(expectedMonth)).toBe(true);
  expect(Number(chinaDate(after.currentPeriodEnd!).slice(8))).toBeLessThanOrEqual(day);
  await expect(page.getByText(`— ${chinaDate(after.currentPeriodEnd!)}`).first()).toBeVisible();
  await expect(page.getByRole("table", { name: "付款记录" }).getByRole("row")).toHaveCount(3);
});

test("取消 on the test checkout closes the order and keeps the free plan", async ({ page }) => {
  await signInFreshUser(page);
  const response = await page.request.post("/api/checkout", { data: { planId: "pro", interval: "year" } });
  const { url } = (await response.json()) as { url: string };
  await page.goto(url);
  await expect(page.getByText("¥490", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "取消", exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  expect((await subscription(page)).plan.id).toBe("free");
  // The closed order cannot be paid afterwards.
  const orderId = url.split("/").pop();
  const late = await page.request.post(`/api/checkout/${orderId}/complete`);
  expect(late.status()).toBe(409);
});

test("signed-out visitors see both intervals and are sent to sign up", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByRole("heading", { level: 1, name: "价格" })).toBeVisible();
  await expect(page.getByText("¥49", { exact: true })).toBeVisible();
  await page.getByRole("radio", { name: "年付" }).click();
  await expect(page.getByText("¥490", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "常见问题" })).toBeVisible();
  await page.getByRole("button", { name: "选择团队版" }).click();
  await page.getByRole("dialog", { name: "选择支付方式" }).getByRole("button", { name: "去支付" }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
});

test("the billing APIs validate their callers and bodies", async ({ page, playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const unauthenticated = await anonymous.post("/api/checkout", { data: { planId: "pro", interval: "month" } });
  expect(unauthenticated.status()).toBe(401);
  expect(await unauthenticated.json()).toEqual({ statusCode: 401, message: "请先登录" });
  // Without STRIPE_WEBHOOK_SECRET (the e2e server runs the local provider) webhooks are refused.
  expect((await anonymous.post("/api/webhooks/stripe", { data: "{}" })).status()).toBe(503);
  await anonymous.dispose();

  await signInFreshUser(page);
  const invalid = await page.request.post("/api/checkout", { data: { planId: "gold", interval: "month" } });
  expect(invalid.status()).toBe(400);
  expect(await invalid.json()).toEqual({ statusCode: 400, message: "请选择有效的套餐" });
  const free = await page.request.post("/api/checkout", { data: { planId: "free", interval: "month" } });
  expect(free.status()).toBe(400);
  const cancelWithoutPlan = await page.request.post("/api/billing/subscription", { data: { action: "cancel" } });
  expect(cancelWithoutPlan.status()).toBe(409);
});

// The quota scenario (free user refused in chat → upgrades → chats again) is e2e/quota.spec.ts,
// run by playwright.hosted.config.ts whose server has a 1-token free plan.


// The refusal itself is the proxy's (src/app/api/ai/dify, unit-tested in metering/server/ai-call-reservations.test.ts);
// this server's free plan is too large to use up here, so its exact 402 answer is played to the page.
test.describe("the quota refusal on the workflow and completion pages", () => {
  const quotaExceeded = { status: 402, json: { statusCode: 402, message: "本月额度已用完，请升级套餐" } };

  test("a workflow run refused for quota links to the plans, without 重试", async ({ page, account }) => {
    await signInThroughApi(page.request, account);
    await page.route("**/api/ai/dify/workflow*/run?*", (route) => route.fulfill(quotaExceeded));
    await page.goto("/ai/workflow/demo-workflow");
    await page.getByLabel("主题").fill("远程办公");
    await page.getByRole("button", { name: "运行", exact: true }).click();
    const alert = page.getByRole("alert").filter({ hasText: "本月额度已用完，请升级套餐" });
    await expect(alert.getByRole("link", { name: "查看套餐" })).toHaveAttribute("href", "/pricing");
    await expect(alert.getByRole("link", { name: "账单与用量" })).toHaveAttribute("href", "/dashboard/settings/billing");
    await expect(alert.getByRole("button", { name: "重试" })).toHaveCount(0);
  });

  test("a completion refused for quota links to the plans, without 重试", async ({ page, account }) => {
    await signInThroughApi(page.request, account);
    await page.route("**/api/ai/dify/completion-messages?*", (route) => route.fulfill(quotaExceeded));
    await page.goto("/ai/completion/demo-completion");
    await page.getByLabel("写作要求").fill("为咖啡店写一段开业文案");
    await page.getByRole("button", { name: "生成", exact: true }).click();
    const alert = page.getByRole("alert").filter({ hasText: "本月额度已用完，请升级套餐" });
    await alert.getByRole("link", { name: "查看套餐" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});
