import type { Page } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/**
 * Links prefetch the page they lead to on intent, not on sight (src/components/link.tsx): a page view
 * costs the server one render, not one per link in view (17 to 50 before, on every page).
 */

/** The paths of the pages the router fetched (React Server Component payloads carry `_rsc`). */
function recordPageFetches(page: Page): string[] {
  const fetched: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has("_rsc")) fetched.push(url.pathname);
  });
  return fetched;
}

test("a marketing page fetches no other page until a link is pointed at; the click then opens it", async ({ page }) => {
  const fetched = recordPageFetches(page);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(fetched).toEqual([]);

  const pricing = page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "价格" });
  await pricing.hover();
  await expect.poll(() => fetched).toContain("/pricing");
  expect(fetched.filter((path) => path !== "/pricing")).toEqual([]);
  await pricing.click();
  await expect(page).toHaveTitle("价格 - 思维火花");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("keyboard focus on a link is intent too; the dashboard's navigation fetches nothing on sight", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  const fetched = recordPageFetches(page);
  await page.goto("/dashboard");
  await page.waitForLoadState("networkidle");
  expect(fetched).toEqual([]);

  const notes = page.getByRole("navigation", { name: "控制台导航" }).getByRole("link", { name: "笔记" });
  await notes.focus();
  await expect.poll(() => fetched).toContain("/dashboard/demo/notes");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/demo\/notes$/);
  await expect(page).toHaveTitle("笔记 - 思维火花");
});
