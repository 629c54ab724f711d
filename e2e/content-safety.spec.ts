import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { askInChat as ask } from "./support/chat";
import { expect, test } from "./support/fixtures";

// Content safety on every AI call (issue 33 §1) with the embedded defaults: the built-in list holds a
// harmless test entry (火花安全测试词) and the demo apps answer with it when a question carries
// 「演示违规回答」. A question with the word is refused before the app (nothing billed); an answer that
// turns bad is stopped and replaced by the chat page's 内容安全提示; operators see both in the console.

const WORD = "火花安全测试词";
const MARKER = "演示违规回答";

test.describe.configure({ timeout: 90_000 });

test("a question with a listed word is refused in Chinese, and the next one is answered", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/ai/chat/demo-chat");
  await ask(page, `请介绍一下${WORD}`);
  const refused = page.getByTestId("exchange").last();
  await expect(refused.getByRole("alert")).toContainText("您的输入包含不适宜的内容");
  await expect(refused).toHaveAttribute("data-status", "error");
  await expect(refused.getByTestId("answer")).toHaveText("");

  await ask(page, "如何写一份周报？");
  const next = page.getByTestId("exchange").last();
  await expect(next).toHaveAttribute("data-status", "done");
  await expect(next.getByTestId("answer")).toContainText("周报");
});

test("an answer that turns bad mid-stream is stopped and replaced by the 内容安全提示", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/ai/chat/demo-chat");
  await ask(page, `${MARKER}：写一段介绍`);
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done");
  const notice = exchange.getByRole("note");
  await expect(notice).toContainText("内容安全提示");
  await expect(notice).toContainText("已停止生成并隐藏");
  await expect(exchange).not.toContainText(WORD);

  // Read back (a reload reads the history through the proxy): the notice, not the app's stored answer,
  // and no suggested questions that would repeat its words.
  const conversations = (await (await page.request.get("/api/ai/dify/conversations?appid=demo-chat&limit=1")).json()) as { data: { id: string }[] };
  const history = (await (await page.request.get(`/api/ai/dify/messages?appid=demo-chat&conversation_id=${conversations.data[0]!.id}`)).json()) as { data: { id: string; answer: string }[] };
  const cut = history.data.at(-1)!;
  expect(cut.answer).toContain("已停止生成并隐藏");
  expect(JSON.stringify(history)).not.toContain(WORD);
  const suggested = (await (await page.request.get(`/api/ai/dify/messages/${cut.id}/suggested?appid=demo-chat`)).json()) as { data: string[] };
  expect(suggested.data).toEqual([]);
  await page.reload();
  await expect(page.getByText(WORD)).toHaveCount(0);
});

test("operators see the hits, filter and export them, and manage the word list", async ({ page }) => {
  await ensureAdminAccount(page.request);
  await signInThroughApi(page.request, ADMIN);
  const asked = await page.request.post("/api/ai/dify/chat-messages?appid=demo-chat", { data: { query: `说说${WORD}`, inputs: {}, response_mode: "streaming" } });
  expect(asked.status()).toBe(400);
  expect(await asked.json()).toMatchObject({ statusCode: 400, code: "content_filter" });

  await page.goto("/admin/safety");
  await expect(page.getByRole("heading", { level: 1, name: "内容安全" })).toBeVisible();
  await page.getByLabel("应用 ID").fill("demo-chat");
  await page.getByRole("button", { name: "筛选" }).click();
  await expect(page).toHaveURL(/app=demo-chat/);
  await expect(page.getByTestId("moderation-hits")).toContainText(WORD);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "导出 CSV" }).click();
  expect((await download).suggestedFilename()).toBe("moderation-hits.csv");

  const list = page.getByTestId("moderation-word-list");
  await expect(list).toContainText(WORD);
  await page.getByLabel("添加词条").fill("e2e后台词");
  await page.getByRole("button", { name: "添加", exact: true }).click();
  await expect(list).toContainText("e2e后台词");
  await page.getByRole("button", { name: "删除「e2e后台词」" }).click();
  await expect(list).not.toContainText("e2e后台词");

  // The repeated-hit ban's settings: off by default, the environment's values shown.
  await expect(page.getByRole("heading", { name: "重复命中自动封禁" })).toBeVisible();
  await expect(page.getByLabel("命中次数（0 为关闭）")).toHaveAttribute("placeholder", "留空则用环境变量：0");
});
