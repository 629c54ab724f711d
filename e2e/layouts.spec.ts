import { signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/** Every route of SPEC §2 with the title its page gives, in the layout it belongs to. */
const routes: Array<{ path: string; title: string; layout: "marketing" | "auth" | "dashboard" | "app" }> = [
  { path: "/", title: "思维火花 - 快速接入AI工作流", layout: "marketing" },
  { path: "/ai", title: "AI 应用 - 思维火花", layout: "marketing" },
  { path: "/blog", title: "博客 - 思维火花", layout: "marketing" },
  { path: "/pricing", title: "价格 - 思维火花", layout: "marketing" },
  { path: "/docs", title: "文档 - 思维火花", layout: "marketing" },
  { path: "/changelog", title: "更新日志 - 思维火花", layout: "marketing" },
  { path: "/legal/terms", title: "服务条款 - 思维火花", layout: "marketing" },
  { path: "/legal/privacy", title: "隐私政策 - 思维火花", layout: "marketing" },
  { path: "/auth/signin", title: "登录 - 思维火花", layout: "auth" },
  { path: "/auth/signup", title: "注册 - 思维火花", layout: "auth" },
  { path: "/dashboard", title: "控制台 - 思维火花", layout: "dashboard" },
  { path: "/dashboard/ai/ai", title: "AI 应用 - 思维火花", layout: "dashboard" },
  { path: "/dashboard/ai/tokens", title: "Token 用量 - 思维火花", layout: "dashboard" },
  { path: "/dashboard/demo/notes", title: "笔记 - 思维火花", layout: "dashboard" },
  { path: "/dashboard/demo/storage", title: "文件存储 - 思维火花", layout: "dashboard" },
  { path: "/dashboard/settings", title: "账户设置 - 思维火花", layout: "dashboard" },
  { path: "/dashboard/settings/billing", title: "订阅与账单 - 思维火花", layout: "dashboard" },
];

for (const route of routes) {
  test(`${route.path} renders in the ${route.layout} layout`, async ({ page, account }) => {
    // Dashboard pages are guarded: sign in first (the other layouts are public).
    if (route.layout === "dashboard") await signInThroughApi(page.request, account);
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(route.title);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "切换颜色模式" })).toBeVisible();
    if (route.layout === "marketing") await expect(page.getByRole("contentinfo")).toBeVisible();
    if (route.layout === "dashboard") await expect(page.getByRole("navigation", { name: "控制台导航" })).toBeVisible();
  });
}

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
