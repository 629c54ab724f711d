import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

test("a user keeps notes: create, search, edit, delete", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard/demo/notes");
  const title = `周会纪要 ${Date.now()}`;

  await page.getByRole("button", { name: "新建笔记" }).click();
  const editor = page.getByRole("dialog");
  await editor.getByLabel("标题").fill(title);
  await editor.getByLabel("正文", { exact: true }).fill("## 结论\n\n| 事项 | 负责人 |\n| --- | --- |\n| 上线 | 小王 |\n\n$$\nE = mc^2\n$$");
  await editor.getByRole("button", { name: "预览" }).click();
  await expect(editor.getByTestId("note-preview").getByRole("table")).toBeVisible();
  // Math renders as it does in chat answers.
  await expect(editor.getByTestId("note-preview").locator(".katex-display")).toBeVisible();
  await editor.getByRole("button", { name: "保存" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const list = page.getByRole("list", { name: "笔记列表" });
  await expect(list.getByRole("heading", { name: title })).toBeVisible();

  // The note survives a reload: it was saved on the server.
  await page.reload();
  await expect(list.getByRole("heading", { name: title })).toBeVisible();

  await page.getByRole("searchbox", { name: "搜索笔记" }).fill("不存在的内容xyz");
  await expect(page.getByText("没有找到包含“不存在的内容xyz”的笔记")).toBeVisible();
  await page.getByRole("searchbox", { name: "搜索笔记" }).fill("周会");
  await expect(list.getByRole("heading", { name: title })).toBeVisible();

  await page.getByRole("button", { name: `编辑「${title}」` }).click();
  await page.getByRole("dialog").getByLabel("标题").fill(`${title}（已改）`);
  await page.getByRole("dialog").getByRole("button", { name: "保存" }).click();
  await expect(list.getByRole("heading", { name: `${title}（已改）` })).toBeVisible();

  await page.getByRole("button", { name: `删除「${title}（已改）」` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "确认删除" }).click();
  await expect(list.getByRole("heading", { name: `${title}（已改）` })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: `${title}（已改）` })).toHaveCount(0);
});

test("the notes API refuses other users' notes and callers without a session", async ({ page, account, playwright, baseURL }) => {
  await signInThroughApi(page.request, account);
  const created = await page.request.post("/api/notes", { data: { title: "只属于我", body: "" } });
  expect(created.status()).toBe(201);
  const { note } = (await created.json()) as { note: { id: string } };

  const anonymous = await playwright.request.newContext({ baseURL });
  const unauthenticated = await anonymous.get("/api/notes");
  expect(unauthenticated.status()).toBe(401);
  expect(await unauthenticated.json()).toEqual({ statusCode: 401, message: "请先登录" });
  await anonymous.dispose();

  const invalid = await page.request.post("/api/notes", { data: { title: "" } });
  expect(invalid.status()).toBe(400);
  expect((await invalid.json()).message).toBe("请输入标题");

  const missing = await page.request.patch(`/api/notes/00000000-0000-4000-8000-000000000000`, { data: { title: "x" } });
  expect(missing.status()).toBe(404);
  expect((await page.request.delete(`/api/notes/${note.id}`)).status()).toBe(204);
});

const toasts = toastRegion;

test("a new user sees the empty state, and sees it again after deleting their only note", async ({ page }) => {
  // A fresh account: the worker's shared one may hold notes from other tests.
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/dashboard/demo/notes");
  await expect(page.getByText("还没有笔记", { exact: true })).toBeVisible();
  await expect(page.getByText("记下灵感、提示词或会议要点，支持 Markdown。")).toBeVisible();
  await expect(page.getByRole("list", { name: "笔记列表" })).toHaveCount(0);

  await page.getByRole("button", { name: "新建笔记" }).click();
  await page.getByRole("dialog").getByLabel("标题").fill("第一条笔记");
  await page.getByRole("dialog").getByRole("button", { name: "保存" }).click();
  await expect(page.getByRole("list", { name: "笔记列表" }).getByRole("heading", { name: "第一条笔记" })).toBeVisible();
  await expect(page.getByText("还没有笔记", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "删除「第一条笔记」" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByText("还没有笔记", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText("还没有笔记", { exact: true })).toBeVisible();
});

test("a failed save or delete puts the note back and says why in Chinese", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  const title = `回滚测试 ${Date.now()}`;
  const created = await page.request.post("/api/notes", { data: { title, body: "原来的正文" } });
  expect(created.status()).toBe(201);
  const { note } = (await created.json()) as { note: { id: string } };
  await page.goto("/dashboard/demo/notes");
  const list = page.getByRole("list", { name: "笔记列表" });
  await expect(list.getByRole("heading", { name: title, exact: true })).toBeVisible();

  // The server fails the edit: the list shows the old title again, the editor stays open with the text.
  await page.route(`**/api/notes/${note.id}`, (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({ status: 500, json: { statusCode: 500, message: "服务器开小差了，请稍后再试" } })
      : route.fallback(),
  );
  await page.getByRole("button", { name: `编辑「${title}」` }).click();
  const editor = page.getByRole("dialog");
  await editor.getByLabel("标题").fill(`${title}（改不了）`);
  await editor.getByRole("button", { name: "保存" }).click();
  await expect(toasts(page)).toContainText("保存失败");
  await expect(toasts(page)).toContainText("服务器开小差了，请稍后再试");
  await expect(editor.getByLabel("标题")).toHaveValue(`${title}（改不了）`);
  await editor.getByRole("button", { name: "取消" }).click();
  await expect(list.getByRole("heading", { name: title, exact: true })).toBeVisible();
  await expect(list.getByRole("heading", { name: `${title}（改不了）` })).toHaveCount(0);

  // The connection drops on delete (retried, then given up): the note comes back.
  await page.unrouteAll();
  await page.route(`**/api/notes/${note.id}`, (route) => (route.request().method() === "DELETE" ? route.abort("failed") : route.fallback()));
  await page.getByRole("button", { name: `删除「${title}」` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "确认删除" }).click();
  await expect(toasts(page)).toContainText("删除失败");
  await expect(toasts(page)).toContainText("网络连接失败，请检查网络后重试");
  await expect(list.getByRole("heading", { name: title, exact: true })).toBeVisible();

  // Neither change reached the server.
  await page.unrouteAll();
  await page.reload();
  await expect(list.getByRole("heading", { name: title, exact: true })).toBeVisible();
  const stored = await page.request.get(`/api/notes?q=${encodeURIComponent(title)}`);
  expect(((await stored.json()) as { notes: { title: string; body: string }[] }).notes).toMatchObject([{ title, body: "原来的正文" }]);
});

test.describe("in a browser outside China", () => {
  test.use({ timezoneId: "America/New_York" });

  test("note times are shown in China time, as the server rendered them", async ({ page, account }) => {
    await signInThroughApi(page.request, account);
    const title = `时区 ${Date.now()}`;
    const created = await page.request.post("/api/notes", { data: { title, body: "" } });
    const { note } = (await created.json()) as { note: { updatedAt: string } };
    const chinaTime = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Shanghai", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(note.updatedAt));
    await page.goto("/dashboard/demo/notes");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(card).toContainText(`更新于`);
    await expect(card).toContainText(chinaTime);
  });
});
