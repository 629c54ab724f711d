import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { latestOutboxMessage, signInThroughApi, createConfirmedAccount } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// 邀请 (issue 35 item 5): the operator sets the rewards in the console; a friend who signs up through a
// user's invitation link and confirms the address earns both of them a reward in the balance.

const BILLING = "/dashboard/settings/billing";

async function saveInviteSettings(page: Page, inviterYuan: string, inviteeYuan: string) {
  await page.goto("/admin/invitations");
  await page.getByLabel("邀请人奖励（元，0 为不发放）", { exact: true }).fill(inviterYuan);
  await page.getByLabel("被邀请人奖励（元，0 为不发放）").fill(inviteeYuan);
  await page.getByLabel("发放时机").selectOption("signup");
  // Every e2e sign-up comes from one address: lift the caps for this test.
  await page.getByLabel("每位邀请人每 24 小时最多获奖次数").fill("10000");
  await page.getByLabel("同一网络地址每 24 小时最多获奖次数").fill("10000");
  await page.getByRole("button", { name: "保存设置" }).click();
  await expect(toastRegion(page)).toContainText("邀请设置已保存");
}

test("an invited friend's sign-up rewards both", async ({ page, browser }) => {
  await ensureAdminAccount(page.request);
  await signInThroughApi(page.request, ADMIN);
  await saveInviteSettings(page, "5", "2");

  const inviter = await browser.newContext();
  const inviterPage = await inviter.newPage();
  await signInThroughApi(inviter.request, await createConfirmedAccount(inviter.request));
  await inviterPage.goto(BILLING);
  const link = await inviterPage.getByTestId("invite-link").inputValue();
  expect(link).toMatch(/\/invite\/[0-9A-Z]{8}$/);

  // The friend opens the link (it keeps the invitation in a cookie and opens sign-up), then signs up and confirms.
  const friend = await browser.newContext();
  const friendPage = await friend.newPage();
  await friendPage.goto(link);
  await expect(friendPage).toHaveURL(/\/auth\/signup$/);
  const account = { email: `e2e-invited-${randomUUID().slice(0, 8)}@example.com`, password: "Spark-e2e-2026" };
  expect((await friend.request.post("/api/auth/signup", { data: { type: "email", ...account } })).ok()).toBe(true);
  const { link: confirm } = await latestOutboxMessage(friend.request, account.email);
  await friend.request.get(confirm!, { maxRedirects: 0 });
  await signInThroughApi(friend.request, account);
  await friendPage.goto(BILLING);
  await expect(friendPage.getByTestId("wallet-balance")).toHaveText("¥2");
  await expect(friendPage.getByRole("table", { name: "余额明细" })).toContainText("受邀奖励");

  await inviterPage.reload();
  await expect(inviterPage.getByTestId("wallet-balance")).toHaveText("¥5");
  await expect(inviterPage.getByTestId("invite-earned")).toHaveText("¥5");
  await expect(inviterPage.getByRole("table", { name: "我邀请的好友" })).toContainText("已发放奖励");
  await inviter.close();
  await friend.close();

  // Back to no rewards, as the other specs expect.
  await saveInviteSettings(page, "0", "0");
});
