import type { Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { askInChat } from "./support/chat";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// Issue 33 part 5 (投诉举报): a signed-out visitor reports a share page, the report reaches the
// console's queue, the operator hides the share; /legal/report shows the contact and response time.
test.describe.configure({ timeout: 150_000 });

async function shareLink(page: Page): Promise<string> {
  await page.goto("/ai/chat/demo-chat");
  await askInChat(page, "举报测试：介绍一下黄河");
  await expect(page.getByTestId("exchange").last()).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  const list = page.getByRole("complementary", { name: "对话" }).getByRole("navigation", { name: "对话列表" });
  await list.getByRole("listitem").first().getByRole("button", { name: /更多操作/ }).click();
  await page.getByRole("menuitem", { name: "分享" }).click();
  const dialog = page.getByRole("dialog", { name: "分享对话" });
  await dialog.getByRole("button", { name: "创建分享链接" }).click();
  const url = await dialog.getByRole("textbox", { name: "分享链接" }).inputValue();
  await dialog.getByRole("button", { name: "关闭" }).click();
  return url;
}

test("a signed-out visitor reports a share page; the operator sees it in the queue and hides the share", async ({ page, browser }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  const url = await shareLink(page);

  const strangerContext = await browser.newContext({ locale: "zh-CN" });
  const stranger = await strangerContext.newPage();
  await stranger.goto(url);
  await stranger.getByRole("button", { name: "举报", exact: true }).click();
  const dialog = stranger.getByRole("dialog", { name: "举报内容" });
  await dialog.getByLabel("举报原因").selectOption({ label: "诈骗或虚假信息" });
  const note = `e2e 举报 ${Date.now()}`;
  await dialog.getByLabel("补充说明（选填）").fill(note);
  await dialog.getByLabel("联系邮箱（选填，用于接收处理结果）").fill("reporter@example.com");
  await dialog.getByRole("button", { name: "提交举报" }).click();
  await expect(dialog.getByRole("status")).toHaveText("举报已提交，感谢您的反馈。");

  const operatorContext = await browser.newContext({ locale: "zh-CN" });
  const operator = await operatorContext.newPage();
  await ensureAdminAccount(operator.request);
  await signInThroughApi(operator.request, ADMIN);
  await operator.goto("/admin/reports");
  const row = operator.getByRole("row").filter({ hasText: note });
  await expect(row).toContainText("分享页面");
  await expect(row).toContainText("诈骗或虚假信息");
  await row.getByRole("button", { name: "隐藏分享" }).click();
  await operator.getByRole("alertdialog").getByRole("button", { name: "隐藏分享" }).click();
  // In the toast region: Radix also announces a toast in a live region with the same words.
  await expect(toastRegion(operator).getByText("分享已隐藏")).toBeVisible();
  expect((await stranger.goto(url))?.status()).toBe(404);

  await row.getByRole("textbox", { name: "回复举报人（选填）" }).fill("已下架该分享");
  await row.getByRole("button", { name: "回复并关闭" }).click();
  await operator.getByRole("alertdialog").getByRole("button", { name: "回复并关闭" }).click();
  await expect(toastRegion(operator).getByText("举报已关闭")).toBeVisible();
  await expect(operator.getByRole("row").filter({ hasText: note })).toHaveCount(0);
  await strangerContext.close();
  await operatorContext.close();
});

test("every answer offers 举报, and /legal/report shows the response time", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/ai/chat/demo-chat");
  await askInChat(page, "举报按钮测试");
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await exchange.getByRole("button", { name: "举报", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "举报内容" });
  await dialog.getByRole("button", { name: "提交举报" }).click();
  await expect(dialog.getByRole("status")).toHaveText("举报已提交，感谢您的反馈。");

  await page.goto("/legal/report");
  await expect(page.getByRole("heading", { level: 1, name: "投诉举报" })).toBeVisible();
  await expect(page.locator("main")).toContainText("小时内核实处理");
});
