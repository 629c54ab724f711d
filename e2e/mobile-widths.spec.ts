import type { Page } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/** Every page a visitor can reach without an account. */
const publicRoutes = [
  "/",
  "/ai",
  "/blog",
  "/pricing",
  "/docs",
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
  "/ai/workflow/demo-workflow",
  "/ai/completion/demo-completion",
  "/no-such-page",
];

/** Paths whose page lays out wider than the viewport (the browser would zoom out or scroll sideways). */
async function overflowingPaths(page: Page, paths: string[], width: number): Promise<string[]> {
  const overflowing: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("load");
    await expect(page.locator("h1").first()).toBeVisible();
    // Against the device's width: a mobile browser zooms out to fit wider content, so innerWidth grows too.
    const content = await page.evaluate(() => document.documentElement.scrollWidth);
    if (content > width) overflowing.push(`${path}: ${content}px > ${width}px`);
  }
  return overflowing;
}

for (const width of [360, 390]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });

    test("no page is wider than the screen for a visitor", async ({ page }) => {
      expect(await overflowingPaths(page, publicRoutes, width)).toEqual([]);
    });

    test("no page is wider than the screen for a signed-in user", async ({ page, account }) => {
      await signInThroughApi(page.request, account);
      const checkout = await page.request.post("/api/checkout", { data: { planId: "pro", interval: "month" } });
      expect(checkout.status()).toBe(200);
      const { url } = (await checkout.json()) as { url: string };
      expect(await overflowingPaths(page, [...signedInRoutes, url], width)).toEqual([]);

      // On a touch screen the composer does not talk about keyboard shortcuts, nor the forms about "the left".
      await page.goto("/ai/chat/demo-chat");
      await expect(page.getByLabel("输入消息")).toHaveAttribute("placeholder", "输入消息");
      await page.goto("/ai/workflow/demo-workflow");
      await expect(page.getByText("填写输入项，然后点击「运行」")).toBeVisible();
    });
  });
}
