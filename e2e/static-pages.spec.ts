import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { isStaticMarketingPage, STATIC_MARKETING_PAGES } from "../src/features/marketing/static-pages";
import { expect, test } from "./support/fixtures";

// Issue 32 §1: the marketing pages are prerendered (○ / ● in `next build`'s route table) and keep a
// CSP without 'unsafe-inline': each inline script they run is allowed by its hash.

type PrerenderManifest = { routes: Record<string, unknown> };
const prerendered = () =>
  Object.keys((JSON.parse(readFileSync(path.join(".next", "prerender-manifest.json"), "utf8")) as PrerenderManifest).routes);

const sitemapPaths = async (request: { get: (url: string) => Promise<{ text: () => Promise<string> }> }) =>
  [...(await (await request.get("/sitemap.xml")).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);

test.describe("static marketing pages", () => {
  test("every marketing page is in the build's prerender manifest; the dashboard and console are not", async ({ request }) => {
    const routes = prerendered();
    const fixed = STATIC_MARKETING_PAGES.filter((page) => !page.endsWith("/*"));
    expect(routes).toEqual(expect.arrayContaining([...fixed]));
    // The sections' pages (posts, docs, legal): every one the sitemap lists.
    const listed = (await sitemapPaths(request)).filter(isStaticMarketingPage);
    expect(listed.length).toBeGreaterThan(fixed.length);
    expect(routes).toEqual(expect.arrayContaining(listed));
    for (const dynamicPage of ["/dashboard", "/admin", "/admin/apps"]) expect(routes).not.toContain(dynamicPage);
  });

  test("every prerendered page runs no inline script without its hash, and carries no nonce", async ({ request }) => {
    // Every HTML page of the prerender manifest (marketing, the static auth pages): a nonce policy on
    // prerendered HTML would block all its scripts, a missing hash one of them.
    const checked: string[] = [];
    for (const page of prerendered().filter((route) => !route.startsWith("/_"))) {
      const response = await request.get(page, { maxRedirects: 0 });
      if (response.status() !== 200 || !/text\/html/.test(response.headers()["content-type"] ?? "")) continue;
      checked.push(page);
      const scriptSrc = response.headers()["content-security-policy"]!.split("; ").find((directive) => directive.startsWith("script-src "))!.split(" ").slice(1);
      expect(scriptSrc, page).not.toContain("'unsafe-inline'");
      expect(scriptSrc, page).not.toContain("'unsafe-eval'");
      expect(scriptSrc.filter((source) => source.startsWith("'nonce-")), page).toEqual([]);
      expect(scriptSrc.filter((source) => source.startsWith("'spark-")), page).toEqual([]);
      const html = await response.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
        .filter(([, attributes]) => !/\ssrc\s*=/i.test(` ${attributes}`) && !/\btype\s*=\s*["']?(application\/(ld\+)?json)/i.test(attributes ?? ""))
        .map(([, , text]) => text ?? "");
      expect(inline.length, page).toBeGreaterThan(1);
      for (const script of inline) {
        const hash = `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
        expect(scriptSrc, `${page}: ${script.slice(0, 80)}`).toContain(hash);
      }
    }
    const post = (await sitemapPaths(request)).find((page) => page.startsWith("/blog/"))!;
    expect(checked).toEqual(expect.arrayContaining(["/", "/ai", "/pricing", "/blog", post, "/docs", "/changelog", "/legal/terms", "/auth/forgot-password"]));
  });

  test("a static page hydrates under its hash CSP with no violation (theme script and React both run)", async ({ page }) => {
    // The fixture fails the test on any CSP violation.
    await page.goto("/pricing");
    await expect(page.locator("html")).toHaveClass(/\b(light|dark)\b/);
    // The 月付 / 年付 switch reacts only once React's scripts ran.
    const yearly = page.getByRole("radio", { name: "年付" });
    await expect(async () => {
      await yearly.click();
      await expect(yearly).toHaveAttribute("aria-checked", "true", { timeout: 1_000 });
    }).toPass();
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\b(light|dark)\b/);
  });
});
