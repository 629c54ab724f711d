import { signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test("a user keeps notes: create, search, edit, delete", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard/demo/notes");
  const title = `周会纪要 ${Date.now()}`;

  await page.getByRole("button", { name: "新建笔记" }).click();
  const editor = page.getByRole("dialog");
  await editor.getByLabel("标题").fill(title);
  await editor.getByLabel("正文", { exact: true }).fill("## 结论\n\n| 事项 | 负责人 |\n| --- | --- |\n| 上线 | 小王 |");
  await editor.getByRole("button", { name: "预览" }).click();
  await expect(editor.getByTestId("note-preview").getByRole("table")).toBeVisible();
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
