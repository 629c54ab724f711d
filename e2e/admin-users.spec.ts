import type { APIRequestContext } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi, type TestAccount } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { englishWordsOnPage } from "./support/page-language";
import { toastRegion } from "./support/toasts";

// The operator console's users section (issue 18).

const canSignIn = async (request: APIRequestContext, account: TestAccount) =>
  (await request.post("/api/auth/signin", { data: { email: account.email, password: account.password } })).ok();

test("an ordinary user gets the ordinary 404 page at /admin and an unknown route's answer from /api/admin", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  for (const path of ["/admin", "/admin/users", "/admin/users/00000000-0000-4000-8000-000000000000"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
    await expect(page.getByTestId("error-title")).toHaveText("页面不存在");
    await expect(page).toHaveTitle("页面不存在 - 思维火花");
  }
  const unknown = await page.request.get("/api/no-such-endpoint");
  const admin = await page.request.get("/api/admin/users");
  expect([admin.status(), await admin.json()]).toEqual([unknown.status(), await unknown.json()]);
  expect(admin.status()).toBe(404);
});

test("an operator finds a user, bans them (they can no longer sign in) and lifts the ban", async ({ page, browser }) => {
  await ensureAdminAccount(page.request);
  const victim = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, ADMIN);

  // /admin opens on 概览 (first in the nav): today's and this month's figures, each a link to its section.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "概览" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "管理后台导航" });
  await expect(nav.getByRole("link").first()).toHaveText("概览");
  const today = page.getByRole("region", { name: "今天" });
  for (const label of ["新用户", "活跃用户", "AI 调用", "收入", "退款", "失败的调用"]) await expect(today.getByRole("link", { name: new RegExp(`^${label}`) })).toBeVisible();
  await expect(page.getByRole("region", { name: "本月" }).getByRole("link", { name: /^收入/ })).toHaveAttribute("href", "/admin/orders?view=payments");
  await expect(page.getByRole("region", { name: "待处理" }).getByRole("link", { name: /^待开具发票/ })).toHaveAttribute("href", "/admin/invoices");
  await today.getByRole("link", { name: /^新用户/ }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("heading", { level: 1, name: "用户" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "用户" })).toBeVisible();

  await page.getByRole("searchbox", { name: "搜索用户" }).fill(victim.email);
  await page.getByRole("button", { name: "搜索" }).click();
  const table = page.getByRole("table", { name: "用户" });
  await expect(page.getByText("共 1 位用户")).toBeVisible();
  const row = table.getByRole("row", { name: new RegExp(victim.email) });
  await expect(row).toContainText("正常");
  await expect(row).toContainText("免费版");
  await row.getByRole("link", { name: victim.email }).click();

  await expect(page.getByRole("heading", { level: 1, name: victim.email })).toBeVisible();
  await expect(page.getByText("未开启两步验证。")).toBeVisible();
  await page.getByLabel("封禁时长").selectOption({ label: "7 天" });
  await page.getByRole("button", { name: "封禁", exact: true }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`${victim.email} 将被立即退出所有设备，并在 7 天 内无法登录。`);
  // The session is fresh here, so the server's 403 for a sign-in over 12 hours old (proven in
  // admin-access.test.ts) is played once by the browser's network: the console asks for the password,
  // signs in anew through the site's sign-in API and repeats the action.
  let answeredStale = false;
  await page.route("**/api/admin/users/*/ban", async (route) => {
    if (answeredStale) return route.continue();
    answeredStale = true;
    await route.fulfill({ status: 403, json: { statusCode: 403, message: "请重新输入密码以继续操作" } });
  });
  await confirm.getByRole("button", { name: "封禁" }).click();
  const reauth = page.getByRole("dialog", { name: "请重新输入密码以继续操作" });
  await reauth.getByLabel("密码").fill("wrong-password-1");
  await reauth.getByRole("button", { name: "验证并继续" }).click();
  await expect(reauth.getByText("账号或密码错误")).toBeVisible();
  await reauth.getByLabel("密码").fill(ADMIN.password);
  await reauth.getByRole("button", { name: "验证并继续" }).click();
  await expect(toastRegion(page)).toContainText("已封禁该用户");
  await expect(reauth).toBeHidden();
  await page.unroute("**/api/admin/users/*/ban");
  await expect(page.getByText(/^已封禁至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible();

  // The banned user: refused at sign-in, from a browser of their own.
  const theirs = await browser.newContext();
  expect(await canSignIn(theirs.request, victim)).toBe(false);

  await page.getByRole("button", { name: "解除封禁" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "解除封禁" }).click();
  await expect(toastRegion(page)).toContainText("已解除封禁");
  await expect(page.getByText("正常", { exact: true })).toBeVisible();
  expect(await canSignIn(theirs.request, victim)).toBe(true);
  await theirs.close();

  // Both actions are in the audit log, newest first.
  const id = (await page.getByText(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/).textContent()) ?? "";
  await page.getByRole("link", { name: "查看对该用户的操作记录" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "审计日志" })).toBeVisible();
  const auditRows = page.getByRole("table", { name: "审计日志" }).getByRole("row");
  await expect(auditRows).toHaveCount(3);
  await expect(auditRows.nth(1)).toContainText("解除封禁");
  await expect(auditRows.nth(2)).toContainText("封禁用户");
  // Who by address (linked to their page), what in words, the change as 字段：旧 → 新.
  await expect(auditRows.nth(2)).toContainText("封禁时长：7 天");
  await expect(auditRows.nth(2)).toContainText(`对象：${victim.email}`);
  await expect(auditRows.nth(2).getByRole("link", { name: ADMIN.email })).toHaveAttribute("href", /^\/admin\/users\/[0-9a-f-]{36}$/);
  expect(await englishWordsOnPage(page)).toEqual([]);
  await page.goBack();

  // Back on the list, a search by the user's id finds them too.
  await page.getByRole("link", { name: "返回用户列表" }).click();
  await page.getByRole("searchbox", { name: "搜索用户" }).fill(id);
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(page.getByText("共 1 位用户")).toBeVisible();
  await expect(page.getByRole("table", { name: "用户" }).getByRole("link", { name: victim.email })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

  test("the console's pages fit the screen and speak Chinese", async ({ page, account }) => {
    await ensureAdminAccount(page.request);
    await signInThroughApi(page.request, ADMIN);
    const lookup = await page.request.get(`/api/admin/users?q=${encodeURIComponent(account.email)}`);
    const { users } = (await lookup.json()) as { users: { id: string }[] };
    for (const path of ["/admin", "/admin/users", `/admin/users/${users[0]!.id}`, "/admin/audit", "/admin/audit?view=security", "/admin/quota", "/admin/usage", "/admin/orders"]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      expect(await englishWordsOnPage(page), path).toEqual([]);
    }
    // The sidebar is a drawer here, with the console's sections.
    await page.getByRole("button", { name: "打开菜单" }).click();
    const drawer = page.getByRole("navigation", { name: "管理后台导航" });
    await expect(drawer.getByRole("link", { name: "审计日志" })).toBeVisible();
  });
});

test("an operator deletes a user after typing their address, and their notes go with them", async ({ page, browser }) => {
  await ensureAdminAccount(page.request);
  const victim = await createConfirmedAccount(page.request);
  const theirs = await browser.newContext();
  await signInThroughApi(theirs.request, victim);
  expect((await theirs.request.post("/api/notes", { data: { title: "要被删除的笔记", body: "" } })).ok()).toBe(true);
  await signInThroughApi(page.request, ADMIN);

  await page.goto(`/admin/users?q=${encodeURIComponent(victim.email)}`);
  await page.getByRole("table", { name: "用户" }).getByRole("link", { name: victim.email }).click();
  await page.getByRole("button", { name: "删除用户" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("笔记、文件、对话");
  const remove = dialog.getByRole("button", { name: "删除", exact: true });
  await expect(remove).toBeDisabled();
  await dialog.getByLabel(`请输入 ${victim.email} 以确认`).fill("someone-else@example.com");
  await expect(remove).toBeDisabled();
  await dialog.getByLabel(`请输入 ${victim.email} 以确认`).fill(victim.email);
  await remove.click();
  await expect(toastRegion(page)).toContainText("已删除该用户及其数据");
  await expect(page).toHaveURL(/\/admin\/users$/);

  // Gone: the account cannot sign in, the search finds nobody, and the audit row counts the notes removed.
  expect(await canSignIn(theirs.request, victim)).toBe(false);
  // Their notes are gone at once; the old session itself is refused once the session check's cache
  // (SESSION_CHECK_CACHE_MS, 3 s by default) has passed.
  const left = await theirs.request.get("/api/notes");
  if (left.ok()) expect(await left.json()).toEqual({ notes: [] });
  await expect.poll(async () => (await theirs.request.get("/api/notes")).status(), { timeout: 10_000 }).toBe(401);
  await theirs.close();
  await page.goto(`/admin/users?q=${encodeURIComponent(victim.email)}`);
  await expect(page.getByText("没有符合条件的用户。")).toBeVisible();
  await page.goto("/admin/audit");
  const row = page.getByRole("table", { name: "审计日志" }).getByRole("row", { name: /删除用户及数据/ }).first();
  await expect(row).toContainText(victim.email);
  await expect(row).toContainText("笔记 1");
});

test("an operator signs a user out everywhere: the user's other browser is signed out, the account still works", async ({ page, browser }) => {
  await ensureAdminAccount(page.request);
  const victim = await createConfirmedAccount(page.request);
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await signInThroughApi(theirs.request, victim);
  await theirPage.goto("/dashboard");
  await expect(theirPage).toHaveURL(/\/dashboard$/);
  await signInThroughApi(page.request, ADMIN);

  await page.goto(`/admin/users?q=${encodeURIComponent(victim.email)}`);
  await page.getByRole("table", { name: "用户" }).getByRole("link", { name: victim.email }).click();
  await expect(page.getByTestId("admin-session-count")).toHaveText(/该用户有 \d+ 个登录中的会话。/);
  const userId = new URL(page.url()).pathname.split("/").at(-1)!;
  // Each session is listed with its address (loopback reads 本机; sessions made through the site's sign-in API carry no User-Agent yet).
  await expect(page.getByRole("list", { name: "会话" }).getByRole("listitem").first()).toContainText("IP 本机");
  await page.getByRole("button", { name: "退出所有设备" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`${victim.email} 的所有会话将被结束`);
  await confirm.getByRole("button", { name: "退出所有设备" }).click();
  await expect(toastRegion(page)).toContainText(/已退出所有设备（结束 \d+ 个会话）/);
  await expect(page.getByTestId("admin-session-count")).toHaveText("该用户目前没有登录中的会话。");

  // Their browser: the next request after the session check's cache (3 s) is signed out.
  await expect
    .poll(
      async () => {
        await theirPage.goto("/dashboard");
        return new URL(theirPage.url()).pathname;
      },
      { timeout: 15_000 },
    )
    .toBe("/auth/signin");
  expect((await theirs.request.get("/api/notes")).status()).toBe(401);
  // Not a ban: they sign in again.
  expect(await canSignIn(theirs.request, victim)).toBe(true);
  await theirs.close();

  await page.goto(`/admin/audit?user=${userId}`);
  const row = page.getByRole("table", { name: "审计日志" }).getByRole("row", { name: /退出所有设备/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("会话数：");
});
