import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// The operator console's 额度 and 用量 sections (issue 18).

test("an operator grants tokens with a reason and the user's usage page shows the grant", async ({ page }) => {
  await ensureAdminAccount(page.request);
  const user = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, ADMIN);

  await page.goto("/admin/users");
  await page.getByRole("searchbox", { name: "搜索用户" }).fill(user.email);
  await page.getByRole("button", { name: "搜索" }).click();
  await page.getByRole("table", { name: "用户" }).getByRole("link", { name: user.email }).click();
  await expect(page.getByRole("heading", { level: 1, name: user.email })).toBeVisible();
  await expect(page.getByText("免费版：套餐 100,000 Token，本月调整 +0，合计 100,000 Token")).toBeVisible();

  await page.getByLabel("Token 数量").fill("50000");
  await page.getByLabel("原因（用户可见）").fill("服务故障补偿");
  await page.getByRole("button", { name: "调整额度" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`向 ${user.email} 赠送 5 万 Token`);
  await confirm.getByRole("button", { name: "确认" }).click();
  await expect(toastRegion(page)).toContainText("已调整本月额度");
  await expect(page.getByText("免费版：套餐 100,000 Token，本月调整 +50,000，合计 150,000 Token")).toBeVisible();
  await expect(page.getByRole("list", { name: "本月额度调整" })).toContainText("服务故障补偿");

  await page.goto("/admin/quota");
  await expect(page.getByRole("table", { name: "本月额度调整" }).getByRole("row", { name: new RegExp(user.email) })).toContainText("服务故障补偿");
  await page.goto("/admin/usage");
  await expect(page.getByRole("heading", { level: 1, name: "用量" })).toBeVisible();
  const csv = await page.request.get("/api/admin/usage.csv");
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect([...(await csv.body()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

  await page.context().clearCookies();
  await signInThroughApi(page.request, user);
  await page.goto("/dashboard/ai/tokens");
  const grants = page.getByRole("list", { name: "本月额度调整" });
  await expect(grants).toContainText("赠送 +5 万 Token");
  await expect(grants).toContainText("服务故障补偿");
  await expect(page.getByText("调整后共 150,000 Token")).toBeVisible();
});
