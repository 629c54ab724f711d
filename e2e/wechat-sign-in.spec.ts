import { expect, test } from "./support/fixtures";

// The e2e server signs in with WeChat through e2e/support/fake-wechat-server.ts (the 网站应用, QR on
// desktop). The test "scans" by telling the fake who agrees; the fake then sends the browser back.

const fakeWechat = `http://127.0.0.1:${process.env.FAKE_WECHAT_PORT}`;

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
