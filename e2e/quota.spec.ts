import { expect, test } from "./support/fixtures";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";

/**
 * Runs only under playwright.hosted.config.ts, whose server gives the free plan a 1-token monthly
 * allowance (FREE_PLAN_MONTHLY_TOKENS=1): the first answer uses it up, so the quota path is reached
 * through the real chat page rather than by seeding usage.
 */
const CHAT = "/ai/chat/demo-chat";

async function ask(page: import("@playwright/test").Page, question: string) {
  const box = page.getByRole("textbox", { name: "输入消息" });
  await box.fill(question);
  await box.press("Enter");
}

test("a free user who used up the quota is refused, upgrades through checkout, and can chat again", async ({ page }) => {
  const account = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, account);

  await page.goto(CHAT);
  await ask(page, "第一个问题");
  await expect(page.getByTestId("exchange").last()).toHaveAttribute("data-status", "done");

  await ask(page, "第二个问题");
  await expect(page.getByText("本月额度已用完，请升级套餐").first()).toBeVisible();
  const before = await (await page.request.get("/api/user/subscription")).json();
  expect(before).toMatchObject({ plan: { id: "free" }, usage: { tokensQuota: 1 } });
  expect(before.usage.tokensUsed).toBeGreaterThanOrEqual(1);

  await page.getByRole("alert").getByRole("link", { name: "查看套餐" }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  const checkout = await page.request.post("/api/checkout", { data: { planId: "pro", interval: "month" } });
  expect(checkout.ok()).toBe(true);
  await page.goto(((await checkout.json()) as { url: string }).url);
  await page.getByRole("button", { name: "支付成功" }).click();
  await expect(page.getByTestId("current-plan-name")).toHaveText("专业版");

  await page.goto(CHAT);
  await ask(page, "升级后的问题");
  await expect(page.getByTestId("exchange").last()).toHaveAttribute("data-status", "done");
  const after = await (await page.request.get("/api/user/subscription")).json();
  expect(after).toMatchObject({ plan: { id: "pro" }, usage: { tokensQuota: 2_000_000 } });
  expect(after.usage.tokensUsed).toBeGreaterThan(before.usage.tokensUsed);
});

test("past the quota, 按量付费 goes on from a ¥10 top-up and the balance falls by what the call cost", async ({ page }) => {
  const account = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, account);
  const topUp = await page.request.post("/api/billing/topup", { data: { amountFen: 1000 } });
  expect(topUp.ok(), await topUp.text()).toBe(true);
  await page.goto(((await topUp.json()) as { url: string }).url);
  await page.getByRole("button", { name: "支付成功" }).click();
  await expect(page.getByTestId("wallet-balance")).toHaveText("¥10");

  await page.goto(CHAT);
  await ask(page, "第一个问题");
  await expect(page.getByTestId("exchange").last()).toHaveAttribute("data-status", "done");
  await ask(page, "第二个问题");
  await expect(page.getByText("本月额度已用完，请升级套餐").first()).toBeVisible();

  const settings = await page.request.put("/api/billing/wallet/settings", { data: { enabled: true, monthlyCeilingFen: null } });
  expect(settings.ok(), await settings.text()).toBe(true);
  await ask(page, "按量付费的问题");
  await expect(page.getByTestId("exchange").last()).toHaveAttribute("data-status", "done");

  await page.goto("/dashboard/settings/billing");
  const spend = page.getByRole("table", { name: "余额明细" }).getByRole("row").filter({ hasText: "消费" });
  await expect(spend).toHaveCount(1);
  await expect(spend).toContainText(/tokens）/);
  const charged = Number((await spend.getByRole("cell").nth(3).innerText()).replace(/[^\d.]/g, ""));
  expect(charged).toBeGreaterThan(0);
  await expect(page.getByTestId("wallet-balance")).toHaveText(`¥${(10 - charged).toFixed(2).replace(/\.00$/, "")}`);
});
