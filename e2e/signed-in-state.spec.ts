import { signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test("the marketing pages greet a signed-in user with 控制台 and the account menu", async ({ page, account }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "免费注册" })).toBeVisible();

  await signInThroughApi(page.request, account);
  await page.goto("/");
  await expect(header.getByRole("link", { name: "控制台" })).toBeVisible();
  await expect(header.getByRole("link", { name: "登录", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "免费注册" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "进入控制台" }).first()).toBeVisible();
  await header.getByRole("button", { name: "用户菜单" }).click();
  await expect(page.getByRole("menu")).toContainText(account.email);
  await page.keyboard.press("Escape");

  await header.getByRole("link", { name: "控制台" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a signed-in visit to the sign-in or sign-up page goes on to the dashboard", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/auth/signin");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/auth/signup");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a signed-in user sent to sign in from a guarded page returns to it", async ({ page, account }) => {
  // The guard saved the page while nobody was signed in; signing in elsewhere (another tab) then
  // revisiting the sign-in page goes there, not to the dashboard.
  await page.goto("/dashboard/demo/notes");
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await signInThroughApi(page.request, account);
  // The router prefetching the page's 免费注册 link first (a fetch, as the browser marks it) does not
  // use up the saved page.
  const prefetch = await page.request.get("/auth/signup", {
    headers: { RSC: "1", "Next-Router-Prefetch": "1", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" },
    maxRedirects: 0,
  });
  expect(prefetch.status()).toBe(307);
  await page.goto("/auth/signin");
  await expect(page).toHaveURL(/\/dashboard\/demo\/notes$/);
});

test("a newcomer signs in with the demo account in one click", async ({ page }) => {
  await page.goto("/auth/signin");
  const demo = page.getByRole("region", { name: "演示账号" });
  await expect(demo).toContainText("demo@example.com");
  await demo.getByRole("button", { name: "一键填入" }).click();
  const panel = page.getByRole("tabpanel", { name: "邮箱" });
  await expect(panel.getByLabel("邮箱")).toHaveValue("demo@example.com");
  await panel.getByRole("button", { name: "登录" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
