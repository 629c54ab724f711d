import { readFile } from "node:fs/promises";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { askInChat } from "./support/chat";
import { expect, test } from "./support/fixtures";

// Issue 19, part 8: the chat sidebar searches the user's conversations (message text through the
// server), pins one above the rest (stored by us, so it survives a reload) and exports one as Markdown.
test.describe.configure({ timeout: 120_000 });

/** A piece of `text` found in none of `others`: a search for it can only match `text`'s conversation. */
function wordOnlyIn(text: string, others: string[]): string {
  const clean = text.replace(/\s+/g, "");
  for (let start = 0; start + 4 <= clean.length; start++) {
    const word = clean.slice(start, start + 4);
    if (/^[\p{Script=Han}]{4}$/u.test(word) && others.every((other) => !other.includes(word))) return word;
  }
  throw new Error(`no word of its own in ${text}`);
}

test("search finds a conversation by its answer, a pin sticks after reload, export downloads Markdown", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/ai/chat/demo-chat");
  const sidebar = page.getByRole("complementary", { name: "对话" });
  const list = sidebar.getByRole("navigation", { name: "对话列表" });

  const ask = async (question: string) => {
    await askInChat(page, question);
    const exchange = page.getByTestId("exchange").last();
    await expect(exchange).toHaveAttribute("data-status", "done", { timeout: 30_000 });
    return (await exchange.getByTestId("answer").innerText()).trim();
  };
  const firstQuestion = "列出 3 点关于观鸟入门的建议";
  const firstAnswer = await ask(firstQuestion);
  // The sidebar's 新对话 action: until the answer's stream has closed, the conversation just made is
  // also listed as 新对话 (its title comes with the list refreshed at the end).
  await sidebar.getByRole("button", { name: "新对话", exact: true }).first().click();
  const secondAnswer = await ask("写一段关于城市夜跑的话");
  await expect(list.getByRole("listitem")).toHaveCount(2);
  const names = await list.getByRole("listitem").allInnerTexts();

  // Search by a word that only the first answer has (not its question, not a title).
  const word = wordOnlyIn(firstAnswer, [secondAnswer, firstQuestion, ...names]);
  const box = sidebar.getByRole("searchbox", { name: "搜索对话" });
  await box.fill(word);
  await expect(sidebar.getByText("找到 1 个对话")).toBeVisible({ timeout: 20_000 });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem").first()).toContainText(word);
  await box.fill("完全不存在的内容xyz");
  await expect(sidebar.getByText("没有找到相关对话")).toBeVisible({ timeout: 20_000 });
  await box.press("Escape");
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // Pin the older conversation (listed second): it moves to the top under 已置顶, and stays after a reload.
  const older = list.getByRole("listitem").nth(1);
  const olderName = (await older.getByRole("button").first().innerText()).trim();
  await older.getByRole("button", { name: /更多操作/ }).click();
  await page.getByRole("menuitem", { name: "置顶" }).click();
  const pinned = list.getByRole("list", { name: "已置顶" });
  await expect(pinned.getByRole("listitem")).toHaveCount(1);
  await expect(pinned.getByRole("listitem")).toContainText(olderName);
  await page.reload();
  await expect(list.getByRole("list", { name: "已置顶" }).getByRole("listitem")).toContainText(olderName);
  await expect(list.getByRole("listitem").first()).toContainText(olderName);

  // Export it as Markdown: a file named after the product and the conversation, with the question in it.
  await list.getByRole("listitem").first().getByRole("button", { name: /更多操作/ }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "导出为 Markdown" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^思维火花-.+-\d{4}-\d{2}-\d{2}\.md$/);
  const markdown = await readFile((await download.path())!, "utf8");
  expect(markdown).toContain(firstQuestion);
  expect(markdown).toContain("## 问题 1");
  expect(markdown).toContain("火花助手");
});
