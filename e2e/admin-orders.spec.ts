import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount, filterOrdersByUser } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// The operator console's 订单 section (issue 18 §5, issue 20 §4): a user buys 专业版 through the local
// test checkout; the operator finds the order by the user's e-mail and refunds it in full; the user's
// billing page shows 免费版 and the refund as a negative line.

test("an operator finds a user's 专业版 order by e-mail and refunds it in full", async ({ page, browser }) => {
  await ensureAdminAccount(page.request);
  const buyer = await createConfirmedAccount(page.request);
  const theirs = await browser.newContext();
  const userPage = await theirs.newPage();
  await signInThroughApi(userPage.request, buyer);
  const checkout = await userPage.request.post("/api/checkout", { data: { planId: "pro", interval: "month" } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  await userPage.goto(url);
  await userPage.getByRole("button", { name: "支付成功" }).click();
  await expect(userPage).toHaveURL(/\/dashboard\/settings\/billing(\?checkout=success)?$/);
  await expect(userPage.getByTestId("current-plan-name")).toHaveText("专业版");

  await signInThroughApi(page.request, ADMIN);
  const table = await filterOrdersByUser(page, buyer.email);
  await expect(page.getByRole("heading", { level: 1, name: "订单" })).toBeVisible();
  await expect(table).toContainText("已支付");
  await expect(table).toContainText("¥49");
  await expect(page.getByRole("link", { name: "导出 CSV" })).toHaveAttribute("href", `/api/admin/orders.csv?user=${encodeURIComponent(buyer.email)}`);

  await table.getByRole("link", { name: /^\d{8}-[0-9A-F]{8}$/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByText("最多可退 ¥49，精确到分")).toBeVisible();
  await expect(page.getByLabel("退款金额（元）")).toHaveValue("49.00");
  await page.getByLabel("退款原因").fill("用户申请全额退款");
  await page.getByRole("button", { name: "退款", exact: true }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`将通过测试支付向 ${buyer.email} 退还 ¥49。全额退款后`);
  await dialog.getByRole("button", { name: "确认退款" }).click();
  await expect(toastRegion(page)).toContainText("已退款 ¥49");
  await expect(page.getByText("该订单没有可退金额（未支付或已全额退款）。")).toBeVisible();
  await expect(page.getByRole("table", { name: "付款与退款记录" })).toContainText("-¥49");
  await expect(page.getByRole("table", { name: "退款申请" })).toContainText("用户申请全额退款");

  await userPage.goto("/dashboard/settings/billing");
  await expect(userPage.getByTestId("current-plan-name")).toHaveText("免费版");
  const history = userPage.getByRole("table", { name: "付款记录" });
  await expect(history).toContainText("退款");
  await expect(history).toContainText("-¥49");
  await theirs.close();
});
