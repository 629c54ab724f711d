import type { Page } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { seriousAccessibilityViolations } from "./support/accessibility";
import { englishWordsOnPage } from "./support/page-language";

type Layout = "marketing" | "auth" | "dashboard" | "app" | "console" | "other";

/** A route of SPEC §2, the title its page gives (where fixed) and the layout it belongs to. */
interface Route {
  path: string;
  title?: string;
  layout: Layout;
  /** The answer's status, 200 unless said. */
  status?: number;
}

/** Every page a visitor can reach without an account. */
const publicRoutes: Route[] = [
  { path: "/", title: "思维火花 - 快速接入AI工作流", layout: "marketing" },
  { path: "/ai", title: "AI 应用 - 思维火花", layout: "marketing" },
  { path: "/blog", title: "博客 - 思维火花", layout: "marketing" },
  { path: "/pricing", title: "价格 - 思维火花", layout: "marketing" },
  { path: "/docs", title: "文档 - 思维火花", layout: "marketing" },
  // Long inline code lines (issue 38: 448 px wide on a 390 px phone before inline code wrapped).
  { path: "/docs/guides/operator-console", layout: "marketing" },
  { path: "/changelog", title: "更新日志 - 思维火花", layout: "marketing" },
  { path: "/legal/terms", title: "服务条款 - 思维火花", layout: "marketing" },
  { path: "/legal/privacy", title: "隐私政策 - 思维火花", layout: "marketing" },
  { path: "/auth/signin", title: "登录 - 思维火花", layout: "auth" },
  { path: "/auth/signup", title: "注册 - 思维火花", layout: "auth" },
  { path: "/auth/forgot-password", layout: "auth" },
  { path: "/no-such-page", layout: "other", status: 404 },
];

/** Every page behind sign-in (the embedded demo apps with no AI_APPS_CONFIG). */
const signedInRoutes: Route[] = [
  { path: "/", title: "思维火花 - 快速接入AI工作流", layout: "marketing" },
  { path: "/pricing", title: "价格 - 思维火花", layout: "marketing" },
  { path: "/dashboard", title: "控制台 - 思维火花", layout: "dashboard" },
  { path: "/dashboard/ai/ai", title: "AI 应用 - 思维火花", layout: "dashboard" },
  { path: "/dashboard/ai/tokens", title: "Token 用量 - 思维火花", layout: "dashboard" },
  { path: "/dashboard/ai/tokens/logs", layout: "dashboard" },
  { path: "/dashboard/demo/notes", title: "笔记 - 思维火花", layout: "dashboard" },
  { path: "/dashboard/demo/storage", title: "文件存储 - 思维火花", layout: "dashboard" },
  { path: "/dashboard/settings", title: "账户设置 - 思维火花", layout: "dashboard" },
  { path: "/dashboard/settings/billing", title: "订阅与账单 - 思维火花", layout: "dashboard" },
  { path: "/ai/chat/demo-chat", layout: "app" },
  { path: "/ai/chat/demo-model", layout: "app" },
  { path: "/ai/chat/demo-agent", layout: "app" },
  { path: "/ai/chat/demo-chatflow", layout: "app" },
  { path: "/ai/workflow/demo-workflow", layout: "app" },
  { path: "/ai/completion/demo-completion", layout: "app" },
  { path: "/no-such-page", layout: "other", status: 404 },
];

/** The landmarks of a route's layout that a desktop screen shows (phones fold some into a menu). */
async function expectLayout(page: Page, route: Route): Promise<void> {
  if (route.title) await expect(page).toHaveTitle(route.title);
  if (route.layout === "other" || route.layout === "console") return;
  await expect(page.getByRole("button", { name: "切换颜色模式" }).first()).toBeVisible();
  if (route.layout === "marketing") await expect(page.getByRole("contentinfo")).toBeVisible();
  if (route.layout === "dashboard") await expect(page.getByRole("navigation", { name: "控制台导航" })).toBeVisible();
}

/** Every section of the operator console (issue 38: it is walked like the rest of the site). */
const consoleRoutes: Route[] = [
  { path: "/admin", layout: "console" },
  { path: "/admin/users", layout: "console" },
  { path: "/admin/quota", layout: "console" },
  { path: "/admin/apps", layout: "console" },
  { path: "/admin/plans", layout: "console" },
  { path: "/admin/orders", layout: "console" },
  { path: "/admin/orders?view=payments", layout: "console" },
  { path: "/admin/invoices", layout: "console" },
  { path: "/admin/reports", layout: "console" },
  { path: "/admin/announcements", layout: "console" },
  { path: "/admin/invitations", layout: "console" },
  { path: "/admin/revenue", layout: "console" },
  { path: "/admin/prices", layout: "console" },
  { path: "/admin/redeem", layout: "console" },
  { path: "/admin/usage", layout: "console" },
  { path: "/admin/safety", layout: "console" },
  { path: "/admin/audit", layout: "console" },
  { path: "/admin/audit?view=security", layout: "console" },
  { path: "/admin/settings", layout: "console" },
];

/**
 * What a demanding user would notice on one page: sideways scrolling, English, broken images; and
 * what a screen-reader, keyboard or voice-control user would hit (axe-core: serious and critical).
 */
async function problemsOn(page: Page, route: Route, width: number): Promise<string[]> {
  const { path } = route;
  const response = await page.goto(path);
  await page.waitForLoadState("load");
  expect(response?.status()).toBe(route.status ?? 200);
  await expect(page.locator("h1").first()).toBeVisible();
  if (width >= 1024) await expectLayout(page, route);
  const problems: string[] = [];
  // Against the device's width: a mobile browser zooms out to fit wider content, so innerWidth grows too.
  const { content, broken } = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    broken: [...document.images].filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.src.slice(0, 60)),
  }));
  if (content > width) problems.push(`${path}: ${content}px > ${width}px`);
  for (const image of broken) problems.push(`${path}: broken image ${image}`);
  const english = await englishWordsOnPage(page);
  if (english.length > 0) problems.push(`${path}: English ${english.join(" | ")}`);
  for (const violation of await seriousAccessibilityViolations(page)) problems.push(`${path}: ${violation}`);
  return problems;
}

async function walk(page: Page, routes: Route[], width: number): Promise<string[]> {
  const problems: string[] = [];
  for (const route of routes) problems.push(...(await problemsOn(page, route, width)));
  return problems;
}

/** One walk's ceiling (never waited for): pages × (load + checks + axe-core) on a busy machine. */
const WALK_TIMEOUT_MS = 300_000;

// The narrowest phone in light and a desktop in dark: width problems show at the narrowest screen,
// colour-mode ones in either mode (four screens found nothing these two do not, at twice the time).
const screens = [
  { width: 360, height: 800, mobile: true, colorScheme: "light" },
  { width: 1280, height: 800, mobile: false, colorScheme: "dark" },
] as const;

for (const screen of screens) {
  test.describe(`${screen.width}×${screen.height}, ${screen.colorScheme}`, () => {
    test.use({
      viewport: { width: screen.width, height: screen.height },
      isMobile: screen.mobile,
      hasTouch: screen.mobile,
      colorScheme: screen.colorScheme,
    });

    test("every public page fits the screen, speaks Chinese, shows its images and passes axe-core", async ({ page }) => {
      // A dozen pages in one test, each also checked by axe-core (a second or more a page): on a busy
      // 2-core machine that takes far longer than one page's flow.
      test.setTimeout(WALK_TIMEOUT_MS);
      expect(await walk(page, publicRoutes, screen.width)).toEqual([]);
      // The colour mode followed the system's: the walk really looked at both.
      await page.goto("/");
      await expect(page.locator("html")).toHaveClass(screen.colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    });

    test("every signed-in page fits the screen, speaks Chinese, shows its images and passes axe-core", async ({ page, account }) => {
      test.setTimeout(WALK_TIMEOUT_MS);
      await signInThroughApi(page.request, account);
      const checkout = await page.request.post("/api/checkout", { data: { planId: "pro", interval: "month" } });
      expect(checkout.status()).toBe(200);
      const { url } = (await checkout.json()) as { url: string };
      // The same order shown as a (test-mode) 微信支付 QR: the order page with its QR and countdown.
      const orderId = url.split("/").pop()!;
      const qrPage = `/dashboard/billing/checkout/${orderId}`;
      const walked = await walk(page, [...signedInRoutes, { path: url, layout: "other" }], screen.width);
      expect((await page.request.post(`/api/checkout/${orderId}/test-qr`, { data: { brand: "wechat_pay" } })).status()).toBe(200);
      expect([...walked, ...(await walk(page, [{ path: qrPage, layout: "dashboard" }], screen.width))]).toEqual([]);

      if (screen.mobile) {
        // On a touch screen the composer does not talk about keyboard shortcuts, nor the forms about "the left".
        await page.goto("/ai/chat/demo-chat");
        await expect(page.getByLabel("输入消息")).toHaveAttribute("placeholder", "输入消息");
        await page.goto("/ai/workflow/demo-workflow");
        await expect(page.getByText("填写输入项，然后点击「运行」")).toBeVisible();
      }
    });

    test("every console page fits the screen, speaks Chinese and passes axe-core", async ({ page, account }) => {
      test.setTimeout(WALK_TIMEOUT_MS);
      await ensureAdminAccount(page.request);
      // The account has a session (and so a 会话 card row) and an audit row worth reading.
      await signInThroughApi(page.request, account);
      await signInThroughApi(page.request, ADMIN);
      const lookup = await page.request.get(`/api/admin/users?q=${encodeURIComponent(account.email)}`);
      const { users } = (await lookup.json()) as { users: { id: string }[] };
      expect(await walk(page, [...consoleRoutes, { path: `/admin/users/${users[0]!.id}`, layout: "console" }], screen.width)).toEqual([]);
    });
  });
}

test("a dialog opened from the keyboard keeps focus inside, passes axe-core, and gives focus back on Esc", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard/demo/notes");
  const opener = page.getByRole("button", { name: "新建笔记" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "新建笔记" });
  await expect(dialog).toBeVisible();
  // Tab and Shift+Tab round the dialog many times: focus never reaches the page behind it.
  for (const key of [...Array<string>(12).fill("Tab"), ...Array<string>(6).fill("Shift+Tab")]) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement)), key).toBe(true);
  }
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("the walk's accessibility check reports what a screen-reader user would hit", async ({ page }) => {
  await page.goto("/auth/signin");
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  // A button with no name, and text too pale to read on its background: both must be reported.
  await page.evaluate(() => {
    const main = document.querySelector("main") ?? document.body;
    main.insertAdjacentHTML("beforeend", '<button type="button" id="nameless"></button><p id="pale" style="color:#ddd;background:#fff">几乎看不见的字</p>');
  });
  const violations = await seriousAccessibilityViolations(page);
  expect(violations.some((line) => line.startsWith("axe button-name") && line.includes("#nameless"))).toBe(true);
  expect(violations.some((line) => line.startsWith("axe color-contrast") && line.includes("#pale"))).toBe(true);
});
