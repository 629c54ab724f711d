import type { Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { askInChat } from "./support/chat";
import { expect, test } from "./support/fixtures";

// Issue 19, part 5: Dify's threads (`parent_message_id`) on the chat page: 重新生成 and 编辑 on any
// question add a sibling, `‹ 1 / 2 ›` switches between them (a branch brings its later questions
// with it), a reload shows the same thread, and 踩 sends its reason to the (demo) Dify server.
test.describe.configure({ timeout: 120_000 });

interface StoredMessage {
  id: string;
  query: string;
  parent_message_id: string | null;
  feedback: { rating: string; content?: string } | null;
}

async function storedMessages(page: Page): Promise<StoredMessage[]> {
  const conversations = (await (await page.request.get("/api/ai/dify/conversations?appid=demo-chat")).json()) as { data: { id: string }[] };
  const response = await page.request.get(`/api/ai/dify/messages?appid=demo-chat&conversation_id=${conversations.data[0]!.id}&limit=100`);
  return ((await response.json()) as { data: StoredMessage[] }).data;
}

test("regenerate and edit make siblings, ‹ › switches branches, reload keeps the thread, 踩 sends a reason", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/ai/chat/demo-chat");
  const exchanges = page.getByTestId("exchange");
  const ask = async (question: string) => {
    await askInChat(page, question);
    await expect(exchanges.last()).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  };
  await ask("列出 2 个观鸟的要点");
  await ask("写一段 40 字的观鸟心得");
  await expect(exchanges).toHaveCount(2);
  await expect(page.getByTestId("branch-switcher")).toHaveCount(0);

  // Regenerate the FIRST answer: a sibling; its branch has no second question yet.
  await exchanges.first().getByRole("button", { name: "重新生成" }).click();
  await expect(exchanges).toHaveCount(1);
  await expect(exchanges.first()).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(exchanges.first().getByTestId("user-message")).toHaveText("列出 2 个观鸟的要点");
  const firstSwitch = exchanges.first().getByTestId("branch-switcher");
  await expect(firstSwitch.getByTestId("branch-position")).toHaveText("2 / 2");

  // Back and forth: the second question comes and goes with its branch.
  await firstSwitch.getByRole("button", { name: "上一个版本" }).click();
  await expect(firstSwitch.getByTestId("branch-position")).toHaveText("1 / 2");
  await expect(exchanges).toHaveCount(2);
  await expect(exchanges.nth(1).getByTestId("user-message")).toHaveText("写一段 40 字的观鸟心得");
  await firstSwitch.getByRole("button", { name: "下一个版本" }).click();
  await expect(exchanges).toHaveCount(1);
  await firstSwitch.getByRole("button", { name: "上一个版本" }).click();
  await expect(exchanges).toHaveCount(2);

  // Edit the second question: a sibling of it, in the original first answer's branch.
  const second = exchanges.nth(1);
  await second.getByRole("button", { name: "编辑" }).click();
  await second.getByRole("textbox", { name: "修改问题" }).fill("写一段 60 字的观鸟心得");
  await second.getByRole("button", { name: "发送" }).click();
  await expect(second).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(second.getByTestId("user-message")).toHaveText("写一段 60 字的观鸟心得");
  await expect(second.getByTestId("branch-position")).toHaveText("2 / 2");
  await expect(firstSwitch.getByTestId("branch-position")).toHaveText("1 / 2");

  // Continuing follows the shown thread's last message.
  await ask("再列出 3 个观鸟地点");
  await expect(exchanges).toHaveCount(3);
  const stored = await storedMessages(page);
  const byQuery = (query: string) => stored.filter((message) => message.query === query);
  const [original, regenerated] = byQuery("列出 2 个观鸟的要点");
  expect(original!.parent_message_id).toBeNull();
  expect(regenerated!.parent_message_id).toBeNull();
  expect(byQuery("写一段 40 字的观鸟心得")[0]!.parent_message_id).toBe(original!.id);
  const edited = byQuery("写一段 60 字的观鸟心得")[0]!;
  expect(edited.parent_message_id).toBe(original!.id);
  expect(byQuery("再列出 3 个观鸟地点")[0]!.parent_message_id).toBe(edited.id);

  // A reload shows the thread ending at the newest message, with its switchers.
  await page.reload();
  await page.getByRole("navigation", { name: "对话列表" }).getByRole("button", { name: "观鸟的要点", exact: false }).first().click();
  await expect(exchanges).toHaveCount(3);
  await expect(exchanges.nth(0).getByTestId("branch-position")).toHaveText("1 / 2");
  await expect(exchanges.nth(1).getByTestId("branch-position")).toHaveText("2 / 2");
  await expect(exchanges.nth(2).getByTestId("user-message")).toHaveText("再列出 3 个观鸟地点");
  await exchanges.nth(1).getByRole("button", { name: "上一个版本" }).click();
  await expect(exchanges).toHaveCount(2);
  await expect(exchanges.nth(1).getByTestId("user-message")).toHaveText("写一段 40 字的观鸟心得");

  // 踩 with a reason: it reaches the demo Dify server as the feedback's content; 赞 is one click.
  const shown = exchanges.nth(1);
  await shown.getByRole("button", { name: "踩" }).click();
  const dialog = page.getByRole("dialog", { name: "反馈这条回答" });
  await dialog.getByRole("textbox", { name: "不满意的原因" }).fill("字数不够，也没有提到季节");
  await dialog.getByRole("button", { name: "提交" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(shown.getByRole("button", { name: "踩" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await storedMessages(page)).find((message) => message.query === "写一段 40 字的观鸟心得")?.feedback).toEqual({ rating: "dislike", content: "字数不够，也没有提到季节" });
  await shown.getByRole("button", { name: "赞" }).click();
  await expect(shown.getByRole("button", { name: "赞" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await storedMessages(page)).find((message) => message.query === "写一段 40 字的观鸟心得")?.feedback).toEqual({ rating: "like" });
});

test("停止 a regenerated answer keeps what arrived as a sibling; 重试 after a failure asks the same question again", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/ai/chat/demo-chat");
  const exchanges = page.getByTestId("exchange");
  await askInChat(page, "写一段 1500 字的读书笔记");
  await expect(exchanges.last()).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await exchanges.last().getByRole("button", { name: "重新生成" }).click();
  await expect(exchanges.last().getByTestId("answer")).toContainText("读书笔记");
  await page.getByRole("button", { name: "停止", exact: true }).click();
  await expect(exchanges.last()).toHaveAttribute("data-status", "stopped");
  await expect(exchanges.last().getByTestId("branch-position")).toHaveText("2 / 2");
  await exchanges.last().getByRole("button", { name: "上一个版本" }).click();
  await expect(exchanges.last()).toHaveAttribute("data-status", "done");
  await expect(exchanges).toHaveCount(1);

  // A failed answer (stored by the server) asked again becomes its sibling too.
  await askInChat(page, "这次会失败 #错误事件");
  await expect(exchanges.last()).toHaveAttribute("data-status", "error");
  await expect(exchanges).toHaveCount(2);
  await exchanges.last().getByRole("button", { name: "重试" }).click();
  await expect(exchanges.last()).toHaveAttribute("data-status", "error");
  await expect(exchanges.last().getByTestId("branch-position")).toHaveText("2 / 2");
  await expect(exchanges).toHaveCount(2);
});
