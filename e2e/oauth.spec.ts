import { expect, test } from "./support/fixtures";

// The e2e server has one OAuth provider ("github") pointing at e2e/support/fake-oauth-provider.ts,
// which consents at once with a new account each time.

test("third-party sign-in: the provider's account signs up and lands on the dashboard", async ({ page }) => {
  await page.goto("/auth/signin");
  await expect(page.getByText("或使用第三方账号")).toBeVisible();
  await page.getByRole("link", { name: "使用 GitHub 登录" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const user = await page.evaluate(async () => (await fetch("/api/user/subscription")).status);
  expect(user).toBe(200);
});

test("the sign-up page offers the same provider", async ({ page }) => {
  await page.goto("/auth/signup");
  await expect(page.getByRole("link", { name: "使用 GitHub 登录" })).toHaveAttribute("href", "/api/auth/oauth?provider=github");
});

test("a failed provider round trip comes back to the sign-in page with the reason", async ({ page }) => {
  await page.goto("/api/auth/oauth/callback?error=access_denied&error_description=%E7%94%A8%E6%88%B7%E5%8F%96%E6%B6%88%E4%BA%86%E6%8E%88%E6%9D%83");
  await expect(page).toHaveURL(/\/auth\/signin\?error=/);
  await expect(page.getByText("第三方登录失败：用户取消了授权")).toBeVisible();
});
