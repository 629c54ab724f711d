import type { Page, Response } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { askInChat } from "./support/chat";
import { expect, test } from "./support/fixtures";

// Issue 19, part 8: a conversation shared by link is a read-only snapshot anybody with the link can
// open without an account; the page never uses the visitor's session, and 停止分享 ends it at once.
test.describe.configure({ timeout: 150_000 });

async function ask(page: Page, question: string): Promise<string> {
  await askInChat(page, question);
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  return (await exchange.getByTestId("answer").innerText()).trim();
}

async function openShareDialog(page: Page) {
  const list = page.getByRole("complementary", { name: "对话" }).getByRole("navigation", { name: "对话列表" });
  await list.getByRole("listitem").first().getByRole("button", { name: /更多操作/ }).click();
  await page.getByRole("menuitem", { name: "分享" }).click();
  const dialog = page.getByRole("dialog", { name: "分享对话" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The share page's visible content once its answers are rendered (the markdown renderer loads lazily). */
async function sharedContent(page: Page): Promise<string> {
  await expect(page.getByTestId("shared-answer").first().getByTestId("markdown")).not.toBeEmpty();
  await expect(page.getByRole("button", { name: "复制回答" }).first()).toBeVisible();
  return page.locator("main").innerText();
}

function expectSharePageHeaders(response: Response | null) {
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers["cache-control"]).toMatch(/no-store/);
  expect(headers["cache-control"]).toMatch(/private/);
  expect(headers["x-robots-tag"]).toMatch(/noindex/);
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  expect(headers["set-cookie"]).toBeUndefined();
}

test("share a chat as a snapshot, open it signed out and signed in (same page, no session used), then stop sharing", async ({ page, browser }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/ai/chat/demo-chat");
  const question = "请用三句话介绍长城的历史";
  const answer = await ask(page, question);

  const dialog = await openShareDialog(page);
  await expect(dialog).toContainText("链接只包含当前的对话内容，之后的新消息不会出现");
  await expect(dialog).toContainText("还没有分享过这个对话");
  await dialog.getByRole("button", { name: "创建分享链接" }).click();
  await expect(page.getByText("分享链接已创建", { exact: true })).toBeVisible();
  const link = dialog.getByRole("textbox", { name: "分享链接" });
  await expect(link).toHaveCount(1);
  const url = await link.inputValue();
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);
  // (Escape would first dismiss the toast.)
  await dialog.getByRole("button", { name: "关闭" }).click();
  await expect(dialog).toBeHidden();

  // A message after sharing stays out of the link.
  const later = "分享之后追加的问题";
  await ask(page, later);

  // A stranger: no account, a phone-sized window in dark mode.
  const strangerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: "dark", locale: "zh-CN" });
  const stranger = await strangerContext.newPage();
  expectSharePageHeaders(await stranger.goto(url));
  await expect(stranger.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(stranger.getByText("由 思维火花 用户分享的对话快照")).toBeVisible();
  // The card WeChat and other apps show for the link (issue 38 item 13): title, description, image, none quoting a message.
  const meta = (property: string) => stranger.locator(`meta[property="${property}"]`).getAttribute("content");
  expect(await meta("og:title")).toMatch(/ - 思维火花$/);
  expect(await meta("og:description")).toMatch(/^与「火花助手」的 AI 对话，共 1 轮问答。/);
  expect(await meta("og:image")).toMatch(/^https?:\/\/[^/]+\/og\/home$/);
  expect(await stranger.locator('meta[name="description"]').getAttribute("content")).not.toContain(question);
  await expect(stranger.locator("main")).toContainText("火花助手");
  await expect(stranger.getByTestId("shared-question")).toHaveText([question]);
  const strangerView = await sharedContent(stranger);
  expect(strangerView).toContain(answer.split("\n")[0]!.slice(0, 12));
  expect(strangerView).not.toContain(later);
  // Read-only: no composer, no rating, no account menu.
  await expect(stranger.getByRole("textbox")).toHaveCount(0);
  await expect(stranger.getByRole("button", { name: /赞|踩|重新生成/ })).toHaveCount(0);
  const overflow = await stranger.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The owner, signed in, opens the same link: the page is the same, sets no cookie, and the browser
  // does not load or refresh the session there (no call to the auth service or the user's plan).
  const calls: string[] = [];
  page.on("request", (request) => calls.push(new URL(request.url()).pathname));
  const cookiesBefore = await page.context().cookies();
  expectSharePageHeaders(await page.goto(url));
  expect(await sharedContent(page)).toBe(strangerView);
  await page.waitForTimeout(500);
  expect(calls.filter((path) => path.startsWith("/auth/v1/") || path.startsWith("/api/user") || path.startsWith("/api/billing"))).toEqual([]);
  expect(await page.context().cookies()).toEqual(cookiesBefore);

  // 停止分享 (confirmed): the link now shows the site's 404 page.
  await page.goto("/ai/chat/demo-chat");
  const again = await openShareDialog(page);
  await expect(again.getByTestId("share-link")).toHaveCount(1);
  await again.getByRole("button", { name: "停止分享" }).click();
  await again.getByRole("button", { name: "确认停止" }).click();
  await expect(page.getByText("已停止分享", { exact: true })).toBeVisible();
  await expect(again).toContainText("还没有分享过这个对话");

  const gone = await stranger.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("404");
  await expect(stranger.getByTestId("error-title")).toHaveText("页面不存在");
  expect(gone!.headers()["cache-control"]).toMatch(/no-store/);
  await strangerContext.close();
});

test("robots.txt keeps crawlers off shared links", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Disallow: \/share\//);
});

test("hostile markup in a shared conversation stays text in the viewer's browser", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/ai/chat/demo-chat");
  // The demo app repeats the question in its answer, so this lands in both the question and the answer.
  const hostile = `<img src=x onerror="window.__pwned=1"> <svg onload="window.__pwned=2"><script>window.__pwned=3</script></svg> [点我](javascript:window.__pwned=4) ![图](/api/health)`;
  await ask(page, hostile);
  const dialog = await openShareDialog(page);
  await dialog.getByRole("button", { name: "创建分享链接" }).click();
  const url = await dialog.getByRole("textbox", { name: "分享链接" }).inputValue();

  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(url);
  await sharedContent(page);
  await expect(page.getByTestId("shared-question")).toHaveText(hostile);
  const main = page.locator("main");
  await expect(main.locator("img")).toHaveCount(0);
  await expect(main.locator("script")).toHaveCount(0);
  expect(await main.locator("a[href^='javascript' i]").count()).toBe(0);
  expect(await main.locator("[onerror], [onload], [onclick]").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(requested).not.toContain("/api/health");
});
