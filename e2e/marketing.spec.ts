import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** Marketing pages with the title each must carry (`… - 思维火花`, the home page its own). */
const pages: Array<{ path: string; title: string }> = [
  { path: "/", title: "思维火花 - 快速接入AI工作流" },
  { path: "/ai", title: "AI 应用 - 思维火花" },
  { path: "/blog", title: "博客 - 思维火花" },
  { path: "/blog/tags/dify", title: "标签：Dify - 思维火花" },
  { path: "/blog/getting-started", title: "五分钟上手思维火花：注册、选应用、开始对话 - 思维火花" },
  { path: "/docs", title: "文档 - 思维火花" },
  { path: "/docs/quick-start", title: "快速开始 - 思维火花" },
  { path: "/docs/guides/dify-apps", title: "接入您自己的 Dify 应用 - 思维火花" },
  { path: "/docs/api/ai-dify", title: "AI 代理接口 - 思维火花" },
  { path: "/changelog", title: "更新日志 - 思维火花" },
  { path: "/legal/terms", title: "服务条款 - 思维火花" },
  { path: "/legal/privacy", title: "隐私政策 - 思维火花" },
];

const mainNav = (page: Page) => page.getByRole("banner").getByRole("navigation", { name: "主导航" });

// One browser context for every page: a fresh context per page cost ~1.7 s of a busy machine's CPU each.
test("every marketing page renders with its title, canonical URL and Open Graph image", async ({ page, baseURL }) => {
  test.slow();
  for (const { path, title } of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical?.replace(/\/$/, ""), path).toBe(`${baseURL}${path === "/" ? "" : path}`);
    const ogImage = await page.locator('meta[property="og:image"]').first().getAttribute("content");
    expect(ogImage, path).toMatch(/\/og\//);
    const image = await page.request.get(new URL(ogImage!, baseURL).pathname);
    expect(image.status(), path).toBe(200);
    expect(image.headers()["content-type"], path).toBe("image/png");
  }
});

test("the header navigation reaches the AI, blog and docs pages", async ({ page }) => {
  await page.goto("/");
  await mainNav(page).getByRole("link", { name: "AI 应用", exact: true }).click();
  await expect(page).toHaveURL(/\/ai$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI 应用");
  await mainNav(page).getByRole("link", { name: "博客" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await mainNav(page).getByRole("link", { name: "文档" }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(mainNav(page).getByRole("link", { name: "文档" })).toHaveAttribute("aria-current", "page");
});

test("the home page previews AI apps and every showcase card links to its app page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("快速接入AI工作流");
  await expect(page.getByRole("link", { name: "免费注册" }).first()).toBeVisible();
  await page.goto("/ai");
  const appLinks = page.getByRole("main").getByRole("article").getByRole("link");
  expect(await appLinks.count()).toBeGreaterThan(0);
  for (const href of await appLinks.evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
    expect(href).toMatch(/^\/ai\/(chat|workflow|completion)\/[^/]+$/);
  }
});

test("a blog post opens from the list and links to its neighbours", async ({ page }) => {
  await page.goto("/blog");
  const firstPost = page.getByRole("main").getByRole("article").first().getByRole("heading").getByRole("link");
  const title = await firstPost.innerText();
  await firstPost.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText(/约 \d+ 分钟读完/)).toBeVisible();
  const neighbours = page.getByRole("navigation", { name: "文章导航" });
  await expect(neighbours.getByRole("link")).not.toHaveCount(0);
  await neighbours.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
});

test("the blog list pages through every post", async ({ page }) => {
  await page.goto("/blog");
  const posts = page.getByRole("main").getByRole("article");
  const firstPage = await posts.getByRole("heading").allInnerTexts();
  const pagination = page.getByRole("navigation", { name: "分页" });
  await pagination.getByRole("link", { name: /下一页/ }).click();
  await expect(page).toHaveURL(/\/blog\/page\/2$/);
  await expect(page).toHaveTitle(/ - 思维火花$/);
  await expect(pagination.getByRole("link", { name: "第 2 页" })).toHaveAttribute("aria-current", "page");
  const secondPage = await posts.getByRole("heading").allInnerTexts();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
  await pagination.getByRole("link", { name: /上一页/ }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("docs: sidebar, table of contents, previous / next", async ({ page }) => {
  await page.goto("/docs/quick-start");
  const sidebar = page.getByRole("navigation", { name: "文档目录" });
  await expect(sidebar.getByRole("link", { name: "快速开始" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("navigation", { name: "本页目录" }).getByRole("link", { name: "两条命令启动" })).toBeVisible();
  await page.getByRole("navigation", { name: "文档翻页" }).getByRole("link", { name: /使用 AI 应用/ }).click();
  await expect(page).toHaveURL(/\/docs\/using-ai-apps$/);
  await sidebar.getByRole("link", { name: "支付", exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/guides\/payments$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("支付");
});

test("docs search finds a Chinese term offline", async ({ page }) => {
  await page.goto("/docs");
  const search = page.getByRole("searchbox", { name: "搜索文档" });
  await search.fill("反向代理");
  const results = page.getByRole("list", { name: "搜索结果" });
  await expect(results.getByRole("link").first()).toContainText("部署");
  await results.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/docs\/guides\/deployment#/);

  await page.getByRole("searchbox", { name: "搜索文档" }).fill("火星殖民计划");
  await expect(page.getByText("没有找到与“火星殖民计划”相关的内容。")).toBeVisible();
});

test("an unknown doc or post is a 404", async ({ request }) => {
  expect((await request.get("/docs/no-such-doc")).status()).toBe(404);
  expect((await request.get("/blog/no-such-post")).status()).toBe(404);
});

test("the theme toggle switches between light and dark", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/docs");
  const toggle = page.getByRole("button", { name: "切换颜色模式" });
  await toggle.click();
  await page.getByRole("menuitemradio", { name: "深色" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await toggle.click();
  await expect(page.getByRole("menuitemradio", { name: "深色" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("menuitemradio", { name: "浅色" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens as a drawer and navigates to the blog", async ({ page }) => {
    await page.goto("/docs/quick-start");
    await expect(mainNav(page)).toBeHidden();
    await page.getByRole("button", { name: "打开菜单" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "博客" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("docs search and the docs tree work on a small screen", async ({ page }) => {
    await page.goto("/docs");
    await page.getByRole("searchbox", { name: "搜索文档" }).fill("支付");
    await expect(page.getByRole("list", { name: "搜索结果" }).getByRole("link").first()).toContainText("支付");
    const tree = page.locator("details").filter({ hasText: "文档目录" });
    await tree.getByText("文档目录").click();
    await tree.getByRole("link", { name: "快速开始" }).click();
    await expect(page).toHaveURL(/\/docs\/quick-start$/);
  });
});

test("the sitemap lists every marketing page, post and doc, and each of them answers", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const paths = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  for (const path of ["/", "/ai", "/blog", "/pricing", "/docs", "/changelog", "/legal/terms", "/legal/privacy", ...pages.map((page) => page.path).filter((path) => !path.includes("/tags/"))]) {
    expect(paths).toContain(path);
  }
  expect(paths.filter((path) => path.startsWith("/blog/")).length).toBeGreaterThanOrEqual(3);
  expect(paths.filter((path) => path.startsWith("/docs/")).length).toBeGreaterThanOrEqual(7);
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    // Every page carries the title template (the home page its own "思维火花 - …").
    expect((await response.text()).match(/<title>([^<]*)<\/title>/)?.[1], path).toMatch(/(^思维火花 - | - 思维火花$)/);
  }

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const rss = await request.get("/blog/rss.xml");
  expect(rss.headers()["content-type"]).toContain("application/rss+xml");
  expect((await rss.text()).match(/<item>/g)?.length).toBeGreaterThanOrEqual(3);
});

test("the consumer pages speak to users: self-hosting lives in the docs, reached from the footer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("main")).not.toContainText("npm install");
  await page.goto("/ai");
  await expect(page.getByRole("main").locator('a[href^="/docs/guides"]')).toHaveCount(0);
  // App icons are drawn (SVG), not emoji that need a colour-emoji font.
  // Five demo Dify apps (chat, workflow, completion, agent, chatflow) and the demo model app, and any app a
  // console spec running alongside has just added: each with its icon drawn.
  const icons = page.locator('[data-app-icon="svg"], [data-app-icon="image"]');
  expect(await icons.count()).toBeGreaterThanOrEqual(6);
  await expect(page.locator('[data-app-icon="svg"] svg')).toHaveCount(await page.locator('[data-app-icon="svg"]').count());
  await expect(page.locator('[data-app-icon="emoji"]')).toHaveCount(0);
  await page.getByRole("contentinfo").getByRole("link", { name: "自己部署" }).click();
  await expect(page).toHaveURL(/\/docs\/quick-start$/);
});

test("/favicon.ico leads to the site's icon", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.url()).toMatch(/\/icon\.svg$/);
  expect(response.headers()["content-type"]).toContain("image/svg+xml");
});

test("the site can be added to a home screen: manifest, PNG icons and the iOS touch icon (issue 38 item 13)", async ({ page, request }) => {
  await page.goto("/");
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toMatch(/^\/manifest\.webmanifest/);
  const manifest = (await (await request.get(manifestHref!)).json()) as { name: string; display: string; start_url: string; icons: { src: string; sizes: string; type: string }[] };
  expect(manifest).toMatchObject({ name: "思维火花", display: "standalone", start_url: "/dashboard" });
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()["content-type"]).toContain(icon.type);
  }
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  expect((await request.get(touchIcon!)).headers()["content-type"]).toContain("image/png");
});
