import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// The operator console's AI 应用 section (issue 18 §3).
// The embedded demo Dify's chat app (src/embedded/dify/README.md): reached as `embedded:dify`.
const DEMO_CHAT_KEY = "app-demo-chat-0000000000000001";

test("an operator adds a Dify app, a user chats with it at once, /ai lists it within seconds, and disabling it hides it everywhere", async ({ page, browser }) => {
  // Chats, two browsers and the prerendered /ai's revalidation: beyond one minute on a busy machine.
  test.slow();
  const appid = `e2e-console-${Date.now() % 1_000_000}`;
  const name = `后台助手 ${appid.slice(-4)}`;
  await ensureAdminAccount(page.request);
  await signInThroughApi(page.request, ADMIN);

  await page.goto("/admin/apps");
  await expect(page.getByRole("heading", { level: 1, name: "AI 应用" })).toBeVisible();
  const list = page.getByRole("list", { name: "AI 应用" });
  await expect(list.locator('[data-appid="demo-chat"]')).toContainText("••••0001");

  await page.getByRole("button", { name: "添加应用" }).click();
  const dialog = page.getByRole("dialog", { name: "添加 AI 应用" });
  await dialog.getByLabel("应用 ID（用于网址，创建后不能修改）").fill(appid);
  await dialog.getByLabel("名称", { exact: true }).fill(name);
  await dialog.getByLabel("简介", { exact: true }).fill("运营在后台添加的对话应用");
  await dialog.getByLabel("Dify API 地址").fill("embedded:dify");
  // 连接测试 before saving: a wrong key first, then the right one.
  await dialog.getByLabel("API 密钥").fill("app-wrong-key-000000");
  await dialog.getByRole("button", { name: "连接测试" }).click();
  await expect(dialog.getByRole("status")).toContainText("密钥无效");
  await dialog.getByLabel("API 密钥").fill(DEMO_CHAT_KEY);
  await dialog.getByRole("button", { name: "连接测试" }).click();
  await expect(dialog.getByRole("status")).toContainText("连接成功：Dify 应用「火花助手」");
  await dialog.getByRole("button", { name: "添加", exact: true }).click();
  await expect(toastRegion(page)).toContainText("已添加应用");
  const item = list.locator(`[data-appid="${appid}"]`);
  await expect(item).toContainText(name);
  await expect(item).toContainText("••••0001");
  await expect(item).toContainText("已启用");
  // The key itself is nowhere in the page.
  await page.reload();
  await expect(item).toBeVisible();
  expect(await page.content()).not.toContain(DEMO_CHAT_KEY);

  // The prerendered /ai lists it within seconds (revalidated on demand), for a visitor with no session.
  const anonymous = await browser.newContext();
  const listed = async () => (await anonymous.request.get("/ai")).text();
  await expect.poll(listed, { timeout: 10_000, intervals: [250, 500, 1_000] }).toContain(name);

  // An ordinary user, in another browser, sees and uses it — no restart in between.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const user = await createConfirmedAccount(userPage.request);
  await signInThroughApi(userPage.request, user);
  await userPage.goto("/dashboard/ai/ai");
  await expect(userPage.getByText(name).first()).toBeVisible();
  await userPage.goto(`/ai/chat/${appid}`);
  const box = userPage.getByRole("textbox", { name: "输入消息" });
  await box.fill("周报怎么写");
  await box.press("Enter");
  const exchange = userPage.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done");
  await expect(exchange.getByTestId("answer")).toContainText("周报怎么写");

  // 停用: gone from the user's list and its page at once.
  await item.getByRole("button", { name: "停用" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(name);
  await confirm.getByRole("button", { name: "停用" }).click();
  await expect(toastRegion(page)).toContainText("已停用该应用");
  await expect(item).toContainText("已停用");
  await userPage.goto("/dashboard/ai/ai");
  await expect(userPage.getByRole("heading", { level: 1, name: "AI 应用" })).toBeVisible();
  await expect(userPage.getByText(name)).toHaveCount(0);
  expect((await userPage.goto(`/ai/chat/${appid}`))?.status()).toBe(404);
  await userContext.close();
  // …and from the prerendered /ai within seconds too.
  await expect.poll(listed, { timeout: 10_000, intervals: [250, 500, 1_000] }).not.toContain(name);
  await anonymous.close();

  // Stored-app 连接测试 from the list, and the audit log names the actions.
  await list.locator('[data-appid="demo-chat"]').getByRole("button", { name: "连接测试" }).click();
  await expect(list.locator('[data-appid="demo-chat"]').getByRole("status")).toContainText("火花助手");
  await page.goto("/admin/audit");
  await expect(page.getByText("添加 AI 应用").first()).toBeVisible();
  await expect(page.getByText("停用 AI 应用").first()).toBeVisible();
  expect(await page.content()).not.toContain(DEMO_CHAT_KEY);
});
