import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// The e2e server signs in with WeChat through e2e/support/fake-wechat-server.ts (the 网站应用, QR on
// desktop). The test "scans" by telling the fake who agrees; the fake then sends the browser back.

const fakeWechat = `http://127.0.0.1:${process.env.FAKE_WECHAT_PORT}`;

// The fake has one "who scans next" for everyone: two of these tests at once on two workers would scan
// as each other (the link then finds the other test's identity already taken). They take turns.
test.describe.configure({ mode: "default" });

test("微信扫码登录: a new WeChat user lands on the dashboard, and the sign-up page offers it too", async ({ page, request }) => {
  const key = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const scanned = await request.post(`${fakeWechat}/__fake/act-as`, { data: { key, nickname: "微信用户小红" } });
  expect(scanned.status()).toBe(204);

  await page.goto("/auth/signin");
  const button = page.getByRole("link", { name: "使用微信登录" });
  await expect(button).toHaveAttribute("href", "/api/auth/oauth?provider=wechat");
  await button.click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(async () => (await fetch("/api/user/subscription")).status)).toBe(200);
  // The state cookie was spent on the callback.
  expect((await page.context().cookies()).filter((cookie) => cookie.name.startsWith("sb-wechat-state-"))).toEqual([]);

  await page.context().clearCookies();
  await page.goto("/auth/signup");
  await expect(page.getByRole("link", { name: "使用微信登录" })).toBeVisible();
});

test("an e-mail account links WeChat in the settings, signs in with it, and unlinks it", async ({ page, request, browser }) => {
  const account = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, account);
  const key = `e2e-link-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  expect((await request.post(`${fakeWechat}/__fake/act-as`, { data: { key, nickname: "绑定用户" } })).status()).toBe(204);

  await page.goto("/dashboard/settings");
  const wechatRow = page.getByRole("region", { name: "第三方账号" }).getByRole("listitem").filter({ hasText: "微信" });
  await expect(wechatRow.getByText("未绑定")).toBeVisible();
  // Waited out as two navigations: the page is at /dashboard/settings already, so waiting for that URL
  // alone returned at once and the check below raced the trip to WeChat and back (flaky on a busy machine).
  await Promise.all([page.waitForURL(/\/connect\/qrconnect/), wechatRow.getByRole("button", { name: "绑定微信" }).click()]);
  await page.waitForURL("**/dashboard/settings");
  await expect(wechatRow.getByText("已绑定")).toBeVisible();

  // Another browser signs in by WeChat and reaches the same account.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/auth/signin");
  await otherPage.getByRole("link", { name: "使用微信登录" }).click();
  await otherPage.waitForURL("**/dashboard");
  await otherPage.goto("/dashboard/settings");
  // The settings of the e-mail account: its address is shown.
  await expect(otherPage.getByText(account.email).first()).toBeVisible();
  await other.close();

  await wechatRow.getByRole("button", { name: "解除绑定微信" }).click();
  await expect(wechatRow.getByText("未绑定")).toBeVisible();
});
