import type { Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// 发票 (issue 20 point 6): a user requests a 普通发票 for a paid order, an operator marks it issued in the
// console, the user sees 已开具.

/** Buys 专业版 (monthly) through the local test checkout; answers the order id. */
async function buyPro(page: Page): Promise<string> {
  const response = await page.request.post("/api/checkout", { data: { planId: "pro", interval: "month" } });
  expect(response.status(), await response.text()).toBe(200);
  const { url } = (await response.json()) as { url: string };
  await page.goto(url);
  await page.getByRole("button", { name: "支付成功" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing(\?checkout=success)?$/);
  return url.split("/").pop()!;
}

test("a user requests an invoice for a paid order, an operator marks it issued, the user sees 已开具", async ({ page, playwright, baseURL }) => {
  await ensureAdminAccount(page.request);
  const user = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, user);
  const orderId = await buyPro(page);

  const orders = page.getByRole("table", { name: "订单与发票" });
  const row = orders.locator(`tr[data-order-id="${orderId}"]`);
  await expect(row).toContainText("专业版（月付）");
  await expect(row).toContainText("¥49");
  await row.getByRole("button", { name: "申请发票" }).click();
  const dialog = page.getByRole("dialog", { name: "申请普通发票" });
  await dialog.getByLabel("抬头类型").selectOption("company");
  await dialog.getByLabel("发票抬头").fill("示例科技有限公司");
  await dialog.getByLabel("税号").fill("91110000MA01");
  await dialog.getByLabel("接收邮箱").fill("finance@example.com");
  await dialog.getByRole("button", { name: "提交申请" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("税号应为 15、18 或 20 位数字或大写字母");
  await dialog.getByLabel("税号").fill("91110000ma01abcd2x");
  await dialog.getByRole("button", { name: "提交申请" }).click();
  await expect(toastRegion(page)).toContainText("发票申请已提交");
  await expect(row).toContainText("待开具");
  await expect(row.getByRole("button", { name: "申请发票" })).toHaveCount(0);

  // Another user cannot request (nor learn about) this order; nor can anyone twice.
  const valid = { orderId, titleType: "personal", title: "李四", email: "lisi@example.com" };
  const other = await playwright.request.newContext({ baseURL });
  await signInThroughApi(other, await createConfirmedAccount(other));
  const foreign = await other.post("/api/billing/invoices", { data: valid });
  expect(foreign.status()).toBe(404);
  expect(await foreign.json()).toEqual({ statusCode: 404, message: "订单不存在" });
  await other.dispose();
  expect((await page.request.post("/api/billing/invoices", { data: valid })).status()).toBe(409);
  const unpaid = await page.request.post("/api/checkout", { data: { planId: "team", interval: "month" } });
  const unpaidId = ((await unpaid.json()) as { url: string }).url.split("/").pop();
  const refused = await page.request.post("/api/billing/invoices", { data: { ...valid, orderId: unpaidId } });
  expect(await refused.json()).toEqual({ statusCode: 409, message: "只有已支付的订单可以申请发票" });

  // The operator: 待开具 in the console, 标记已开具 with the invoice number.
  await page.context().clearCookies();
  await signInThroughApi(page.request, ADMIN);
  await page.goto("/admin/invoices");
  await expect(page.getByRole("heading", { level: 1, name: "发票" })).toBeVisible();
  const request = page.getByRole("table", { name: "发票" }).getByRole("row").filter({ hasText: user.email });
  await expect(request).toContainText("示例科技有限公司");
  await expect(request).toContainText("91110000MA01ABCD2X");
  await expect(request).toContainText("finance@example.com");
  await request.getByLabel("发票号码（选填）").fill("24110000000000000001");
  await request.getByRole("button", { name: "标记已开具" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("示例科技有限公司");
  await confirm.getByRole("button", { name: "标记已开具" }).click();
  await expect(toastRegion(page)).toContainText("已标记为已开具");
  await expect(page.getByRole("table", { name: "发票" }).getByRole("row").filter({ hasText: user.email })).toHaveCount(0);
  await page.getByLabel("状态").selectOption("issued");
  await page.getByRole("button", { name: "筛选" }).click();
  await expect(page.getByRole("table", { name: "发票" }).getByRole("row").filter({ hasText: user.email })).toContainText("24110000000000000001");

  // The user sees 已开具 beside the order.
  await page.context().clearCookies();
  await signInThroughApi(page.request, user);
  await page.goto("/dashboard/settings/billing");
  await expect(row).toContainText("已开具");
  await expect(row).toContainText("发票号码 24110000000000000001");
});

test("an invoice whose order was refunded in full after the request is marked issued only after the operator confirms", async ({ page }) => {
  await ensureAdminAccount(page.request);
  const user = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, user);
  const orderId = await buyPro(page);
  const requested = await page.request.post("/api/billing/invoices", { data: { orderId, titleType: "personal", title: "王五", email: "wangwu@example.com" } });
  expect(requested.status(), await requested.text()).toBe(201);

  await page.context().clearCookies();
  await signInThroughApi(page.request, ADMIN);
  const refund = await page.request.post(`/api/admin/orders/${orderId}/refund`, { data: { amount: "49.00", reason: "用户申请退款", requestId: crypto.randomUUID() } });
  expect(refund.status(), await refund.text()).toBe(200);

  await page.goto("/admin/invoices");
  const request = page.getByRole("table", { name: "发票" }).getByRole("row").filter({ hasText: user.email });
  await expect(request).toContainText("订单已全额退款");
  await request.getByRole("button", { name: "标记已开具" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("alert")).toContainText("已全额退款");
  const issue = confirm.getByRole("button", { name: "标记已开具" });
  await expect(issue).toBeDisabled();
  await confirm.getByLabel("我已知晓订单已全额退款，仍要标记为已开具").check();
  await issue.click();
  await expect(toastRegion(page)).toContainText("已标记为已开具");
  await expect(page.getByRole("table", { name: "发票" }).getByRole("row").filter({ hasText: user.email })).toHaveCount(0);
});

test("an ordinary user cannot see the console's 发票 section or its API", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  expect((await page.request.get("/api/admin/invoices")).status()).toBe(404);
  const response = await page.goto("/admin/invoices");
  expect(response?.status()).toBe(404);
});
