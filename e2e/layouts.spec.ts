import type { Page } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Each route's title and layout landmarks are checked by the route walk (e2e/route-walk.spec.ts), which
// opens every route anyway; here, moving between pages.
test("the marketing header navigates between pages", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("banner").getByRole("navigation", { name: "主导航" });
  await nav.getByRole("link", { name: "价格" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(nav.getByRole("link", { name: "价格" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "更新日志" }).click();
  await expect(page).toHaveURL(/\/changelog$/);
});

test("the dashboard sidebar reaches its six routes", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard");
  const sidebar = page.getByRole("navigation", { name: "控制台导航" });
  for (const [label, path] of [
    ["AI 应用", "/dashboard/ai/ai"],
    ["Token 用量", "/dashboard/ai/tokens"],
    ["笔记", "/dashboard/demo/notes"],
    ["文件存储", "/dashboard/demo/storage"],
    ["账户设置", "/dashboard/settings"],
    ["订阅与账单", "/dashboard/settings/billing"],
  ] as const) {
    await sidebar.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(sidebar.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the marketing menu opens as a drawer and navigates", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "打开菜单" }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByRole("link", { name: "文档" }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the dashboard sidebar becomes a drawer", async ({ page, account }) => {
    await signInThroughApi(page.request, account);
    await page.goto("/dashboard");
    await expect(page.getByRole("navigation", { name: "控制台导航" })).toBeHidden();
    await page.getByRole("button", { name: "打开菜单" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "笔记" }).click();
    await expect(page).toHaveURL(/\/dashboard\/demo\/notes$/);
  });
});

/** The animation a page arrives with: the one on the nearest element around its heading that has one. */
async function arrivalAnimation(page: Page): Promise<string> {
  await page.goto("/pricing");
  return page.locator("h1").first().evaluate((heading) => {
    for (let element: Element | null = heading; element; element = element.parentElement) {
      const name = getComputedStyle(element).animationName;
      if (name !== "none") return name;
    }
    return "none";
  });
}

// The other specs browse with reduced motion (playwright.config.ts); these two look at both settings.
test.describe("with motion allowed", () => {
  test.use({ reducedMotion: "no-preference" });

  test("a page slides in as it arrives", async ({ page }) => {
    expect(await arrivalAnimation(page)).toBe("page-enter");
  });
});

test.describe("with 减少动态效果 on", () => {
  test.use({ reducedMotion: "reduce" });

  test("a page appears without sliding in", async ({ page }) => {
    expect(await arrivalAnimation(page)).toBe("none");
  });
});
