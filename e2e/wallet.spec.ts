import type { Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// 余额 (issue 35): a user tops up ¥10 through the test checkout from the billing page, and redeems a
// 兑换码 an operator made in the console (its code read from the batch's CSV export).

const BILLING = "/dashboard/settings/billing";

async function balanceShown(page: Page) {
  return page.getByTestId("wallet-balance");
}

test("a user tops up ¥10 in test mode and sees the balance and its ledger line", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto(BILLING);
  await expect(await balanceShown(page)).toHaveText("¥0");
  await page.getByRole("group", { name: "充值" }).getByRole("button", { name: "¥10", exact: true }).click();
  await page.getByRole("button", { name: "去充值 ¥10" }).click();

  // Test mode takes the path a real provider would (微信支付's QR on a desktop), paid by 模拟扫码支付.
  await expect(page.getByText("余额充值 ¥10").first()).toBeVisible();
  await page.getByRole("button", { name: "模拟扫码支付" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing(\?checkout=topup)?(#wallet)?$/);
  await expect(toastRegion(page)).toContainText("充值成功，余额已到账");
  await expect(await balanceShown(page)).toHaveText("¥10");
  const ledger = page.getByRole("table", { name: "余额明细" });
  await expect(ledger).toContainText("充值");
  await expect(ledger).toContainText("+¥10");
  await expect(page.getByRole("table", { name: "付款记录" })).toContainText("余额充值");
});

test("an operator makes a 兑换码 batch; a user redeems one code once", async ({ page, browser }) => {
  await ensureAdminAccount(page.request);
  await signInThroughApi(page.request, ADMIN);
  const note = `e2e 活动 ${Date.now()}`;
  await page.goto("/admin/redeem");
  await page.getByLabel("面值（元）").fill("5");
  await page.getByLabel("数量").fill("2");
  await page.getByLabel("备注（如渠道、活动名称）").fill(note);
  await page.getByRole("button", { name: "生成兑换码" }).click();
  await expect(toastRegion(page)).toContainText("兑换码已生成");
  const row = page.getByRole("table", { name: "兑换码批次" }).getByRole("row").filter({ hasText: note });
  await expect(row).toContainText("余额 ¥5");
  const csvPath = await row.getByRole("link", { name: "导出 CSV" }).getAttribute("href");
  const csv = await (await page.request.get(csvPath!)).text();
  const code = csv.replace(/^\uFEFF/, "").split("\r\n")[1]!.split(",")[0]!;
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

  const user = await browser.newContext();
  const userPage = await user.newPage();
  await signInThroughApi(user.request, await createConfirmedAccount(user.request));
  await userPage.goto(BILLING);
  await userPage.getByLabel("兑换码").fill(code.toLowerCase());
  await userPage.getByRole("button", { name: "兑换", exact: true }).click();
  await expect(toastRegion(userPage)).toContainText("兑换成功：余额 ¥5");
  await expect(userPage.getByTestId("wallet-balance")).toHaveText("¥5");
  await userPage.getByLabel("兑换码").fill(code);
  await userPage.getByRole("button", { name: "兑换", exact: true }).click();
  await expect(toastRegion(userPage)).toContainText("这个兑换码已被使用");
  await user.close();

  await page.reload();
  await expect(page.getByRole("table", { name: "兑换码批次" }).getByRole("row").filter({ hasText: note })).toContainText("1");
});
