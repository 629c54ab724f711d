import { signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.describe("error page", () => {
  test("an unknown route shows the 404 page with its path", async ({ page }) => {
    const response = await page.goto("/no-such-page?from=test");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
    await expect(page.getByTestId("error-title")).toHaveText("页面不存在");
    await expect(page.getByTestId("error-message")).toHaveText("Page not found: /no-such-page");
    await expect(page).toHaveTitle("页面不存在 - 思维火花");
  });

  test("a route whose parameters fail validation says Page Not Found with the full path", async ({ page, account }) => {
    // The AI app pages need a session; without one the guard would send us to sign in first.
    await signInThroughApi(page.request, account);
    const response = await page.goto("/ai/chat/bad!id?x=1");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("Page Not Found: /ai/chat/bad!id?x=1");
  });

  // The fixture route exists only in e2e builds; each status reaches its page the way the product would.
  for (const { status, title } of [
    { status: 500, title: "服务器内部错误" },
    { status: 403, title: "无权访问" },
    { status: 401, title: "未经授权" },
  ]) {
    test(`a ${status} shows the title ${title} with both buttons`, async ({ page }) => {
      const response = await page.goto(`/e2e-fixtures/error?status=${status}`);
      expect(response?.status()).toBe(status);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(String(status));
      await expect(page.getByTestId("error-title")).toHaveText(title);
      await expect(page.getByTestId("error-message")).not.toBeEmpty();
      await expect(page.getByRole("button", { name: "返回首页" })).toBeVisible();
      await expect(page.getByRole("button", { name: "返回上一页" })).toBeVisible();
    });
  }

  test("any other status is titled 出错了 and shows the error's message; 返回首页 clears it", async ({ page }) => {
    await page.goto(`/e2e-fixtures/error?status=418&message=${encodeURIComponent("茶壶坏了")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("418");
    await expect(page.getByTestId("error-title")).toHaveText("出错了");
    await expect(page.getByTestId("error-message")).toHaveText("茶壶坏了");
    await page.getByRole("button", { name: "返回首页" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("error-title")).toHaveCount(0);
  });

  test("返回首页 goes to /", async ({ page }) => {
    await page.goto("/missing");
    await page.getByRole("button", { name: "返回首页" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("error-title")).toHaveCount(0);
  });

  for (const failing of ["/missing", "/e2e-fixtures/error?status=500"]) {
    test(`返回上一页 goes back from ${failing}`, async ({ page }) => {
      await page.goto("/pricing");
      await page.goto(failing);
      await page.getByRole("button", { name: "返回上一页" }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByTestId("error-title")).toHaveCount(0);
    });
  }

  test("crawlers get a plain response, never the error page UI", async ({ request, browser }) => {
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    const response = await request.get("/no-such-page", { headers: { "User-Agent": googlebot } });
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain("返回首页");

    // Crawlers that run JavaScript (Googlebot does) see plain text, not the buttons.
    const context = await browser.newContext({ userAgent: googlebot });
    const page = await context.newPage();
    await page.goto("/no-such-page");
    await expect(page.getByText("404 Page not found: /no-such-page")).toBeVisible();
    await expect(page.getByRole("button")).toHaveCount(0);
    await context.close();
  });
});
