import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

test("the page title follows the template and the document is Chinese", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page).toHaveTitle("价格 - 思维火花");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute("content", /^#/);
  await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute("href", /icon/);
});

test("the home page carries the product's description", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "快速接入AI工作流");
});

test("the home page loads without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});

test("the colour mode persists across a reload without a flash", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await page.getByRole("button", { name: "切换颜色模式" }).first().click();
  await page.getByRole("menuitemradio", { name: "深色" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("color-mode"))).toBe("dark");

  // The class must already be there when the HTML is parsed, before React hydrates.
  await page.reload({ waitUntil: "domcontentloaded" });
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);

  await page.getByRole("button", { name: "切换颜色模式" }).first().click();
  await page.getByRole("menuitemradio", { name: "跟随系统" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/dark/);
});

test("only one toast is visible at a time", async ({ page }) => {
  await page.goto("/");
  await page.waitForFunction(() => window.__sparkE2E !== undefined);
  await page.evaluate(() => {
    window.__sparkE2E?.toast({ title: "第一条" });
    window.__sparkE2E?.toast({ title: "第二条", variant: "success" });
  });
  const toasts = toastRegion(page).locator("li");
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toContainText("第二条");
});

test(".well-known serves security.txt and a quick 404 for anything else", async ({ request }) => {
  const securityTxt = await request.get("/.well-known/security.txt");
  expect(securityTxt.status()).toBe(200);
  expect(securityTxt.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await securityTxt.text()).toMatch(/^Contact: /m);

  const other = await request.get("/.well-known/openid-configuration");
  expect(other.status()).toBe(404);
  expect(other.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await other.text()).not.toContain("<html");
});

test("a new build id offers a reload", async ({ page }) => {
  const served = await page.request.get("/builds/latest.json");
  const { id } = (await served.json()) as { id: string };
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  await page.goto("/");
  const toasts = toastRegion(page);
  await expect(toasts.getByText("发现新版本", { exact: true })).toHaveCount(0);

  await page.route("**/builds/latest.json", (route) => route.fulfill({ json: { id: "a-newer-build" } }));
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(toasts.getByText("发现新版本", { exact: true })).toBeVisible();
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "刷新" }).click();
  await reloaded;
});

test("the health endpoint reports the app and the database", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ status: "ok", database: { status: "ok", driver: "pglite" } });
});
