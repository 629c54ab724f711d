import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// 站内公告 (issue 38 item 4): an operator posts one in the console; a user sees it on the dashboard,
// closes it, and it does not come back for them; another user still sees it until it is deleted.

test("an operator posts an announcement, a user closes it for good, the operator deletes it", async ({ page, browser }) => {
  await ensureAdminAccount(page.request);
  await signInThroughApi(page.request, ADMIN);
  const text = `系统维护通知 ${Date.now()}`;

  await page.goto("/admin/announcements");
  await expect(page.getByRole("heading", { level: 1, name: "站内公告" })).toBeVisible();
  await page.getByLabel("公告内容（最多 300 字）").fill(text);
  await page.getByLabel(/^链接/).fill("/docs");
  await page.getByRole("button", { name: "发布", exact: true }).click();
  await expect(toastRegion(page)).toContainText("已发布公告");
  const row = page.getByRole("table", { name: "已发布的公告" }).getByRole("row").filter({ hasText: text });
  await expect(row).toContainText("所有用户");

  // A user: on the dashboard, with its link; closed, it stays closed after a reload.
  const user = await createConfirmedAccount(page.request);
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await signInThroughApi(theirs.request, user);
  await theirPage.goto("/dashboard");
  const banner = theirPage.getByRole("region", { name: "站内公告" });
  await expect(banner).toContainText(text);
  await expect(banner.getByRole("link", { name: "查看详情" })).toHaveAttribute("href", "/docs");
  await banner.getByRole("button", { name: "关闭公告" }).click();
  await expect(theirPage.getByText(text)).toHaveCount(0);
  await theirPage.reload();
  await expect(theirPage.getByRole("heading", { level: 1, name: "控制台" })).toBeVisible();
  await expect(theirPage.getByText(text)).toHaveCount(0);
  await theirs.close();

  // Another user still sees it, until the operator deletes it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInThroughApi(other.request, await createConfirmedAccount(other.request));
  await otherPage.goto("/dashboard");
  await expect(otherPage.getByRole("region", { name: "站内公告" })).toContainText(text);
  await row.getByRole("button", { name: "删除" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "删除" }).click();
  await expect(toastRegion(page)).toContainText("已删除公告");
  await otherPage.reload();
  await expect(otherPage.getByRole("heading", { level: 1, name: "控制台" })).toBeVisible();
  await expect(otherPage.getByText(text)).toHaveCount(0);
  await other.close();

  // The audit log names both actions in words.
  await page.goto("/admin/audit");
  await expect(page.getByRole("table", { name: "审计日志" }).getByRole("row", { name: /发布站内公告/ }).first()).toContainText(text);
});
