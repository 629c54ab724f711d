import type { Page } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { englishWordsOnPage } from "./support/page-language";

/** Every page a visitor can reach without an account. */
const publicRoutes = [
  "/",
  "/ai",
  "/blog",
  "/pricing",
  "/docs",
  // Long inline code lines (issue 38: 448 px wide on a 390 px phone before inline code wrapped).
  "/docs/guides/operator-console",
  "/changelog",
  "/legal/terms",
  "/legal/privacy",
  "/auth/signin",
  "/auth/signup",
  "/auth/forgot-password",
  "/no-such-page",
];

/** Every page behind sign-in (the embedded demo apps with no AI_APPS_CONFIG). */
const signedInRoutes = [
  "/",
  "/pricing",
  "/dashboard",
  "/dashboard/ai/ai",
  "/dashboard/ai/tokens",
  "/dashboard/demo/notes",
  "/dashboard/demo/storage",
  "/dashboard/settings",
  "/dashboard/settings/billing",
  "/ai/chat/demo-chat",
  "/ai/chat/demo-model",
  "/ai/chat/demo-agent",
  "/ai/chat/demo-chatflow",
  "/ai/workflow/demo-workflow",
  "/ai/completion/demo-completion",
  "/no-such-page",
];

/** Every section of the operator console (issue 38: it is walked like the rest of the site). */
const consoleRoutes = [
  "/admin",
  "/admin/users",
  "/admin/quota",
  "/admin/apps",
  "/admin/plans",
  "/admin/orders",
  "/admin/orders?view=payments",
  "/admin/invoices",
  "/admin/reports",
  "/admin/announcements",
  "/admin/usage",
  "/admin/safety",
  "/admin/audit",
  "/admin/audit?view=security",
  "/admin/settings",
];

/** What a demanding user would notice on one page: sideways scrolling, English, broken images. */
async function problemsOn(page: Page, path: string, width: number): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("load");
  await expect(page.locator("h1").first()).toBeVisible();
  const problems: string[] = [];
  // Against the device's width: a mobile browser zooms out to fit wider content, so innerWidth grows too.
  const content = await page.evaluate(() => document.documentElement.scrollWidth);
  if (content > width) problems.push(`${path}: ${content}px > ${width}px`);
  const broken = await page.evaluate(() =>
    [...document.images].filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.src.slice(0, 60)),
  );
  for (const image of broken) problems.push(`${path}: broken image ${image}`);
  const english = await englishWordsOnPage(page);
  if (english.length > 0) problems.push(`${path}: English ${english.join(" | ")}`);
  return problems;
}

async function walk(page: Page, paths: string[], width: number): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) problems.push(...(await problemsOn(page, path, width)));
  return problems;
}

// The narrowest phone in light, a common one in dark (a 390 px light pass found nothing the 360 px
// one does not: width problems show at the narrowest screen, colour-mode ones in either mode).
const screens = [
  { width: 360, height: 800, mobile: true, colorScheme: "light" },
  { width: 390, height: 844, mobile: true, colorScheme: "dark" },
  { width: 1280, height: 800, mobile: false, colorScheme: "light" },
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

    test("every public page fits the screen, speaks Chinese and shows its images", async ({ page }) => {
      // A dozen pages in one test: on a busy 2-core machine that takes longer than one page's flow.
      test.slow();
      expect(await walk(page, publicRoutes, screen.width)).toEqual([]);
      // The colour mode followed the system's: the walk really looked at both.
      await page.goto("/");
      await expect(page.locator("html")).toHaveClass(screen.colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    });

    test("every signed-in page fits the screen, speaks Chinese and shows its images", async ({ page, account }) => {
      test.slow();
      await signInThroughApi(page.request, account);
      const checkout = await page.request.post("/api/checkout", { data: { planId: "pro", interval: "month" } });
      expect(checkout.status()).toBe(200);
      const { url } = (await checkout.json()) as { url: string };
      // The same order shown as a (test-mode) 微信支付 QR: the order page with its QR and countdown.
      const orderId = url.split("/").pop()!;
      const qrPage = `/dashboard/billing/checkout/${orderId}`;
      const walked = await walk(page, [...signedInRoutes, url], screen.width);
      expect((await page.request.post(`/api/checkout/${orderId}/test-qr`, { data: { brand: "wechat_pay" } })).status()).toBe(200);
      expect([...walked, ...(await walk(page, [qrPage], screen.width))]).toEqual([]);

      if (screen.mobile) {
        // On a touch screen the composer does not talk about keyboard shortcuts, nor the forms about "the left".
        await page.goto("/ai/chat/demo-chat");
        await expect(page.getByLabel("输入消息")).toHaveAttribute("placeholder", "输入消息");
        await page.goto("/ai/workflow/demo-workflow");
        await expect(page.getByText("填写输入项，然后点击「运行」")).toBeVisible();
      }
    });

    test("every console page fits the screen and speaks Chinese", async ({ page, account }) => {
      test.slow();
      await ensureAdminAccount(page.request);
      // The account has a session (and so a 会话 card row) and an audit row worth reading.
      await signInThroughApi(page.request, account);
      await signInThroughApi(page.request, ADMIN);
      const lookup = await page.request.get(`/api/admin/users?q=${encodeURIComponent(account.email)}`);
      const { users } = (await lookup.json()) as { users: { id: string }[] };
      expect(await walk(page, [...consoleRoutes, `/admin/users/${users[0]!.id}`], screen.width)).toEqual([]);
    });
  });
}
