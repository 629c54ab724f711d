import type { Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { askInChat as ask } from "./support/chat";
import { expect, test } from "./support/fixtures";

// An app's 敏感词规避 (Dify's sensitive_word_avoidance) on the chat page: the preset that answers a flagged
// question (demo-chat) or replaces a flagged answer (demo-chatflow) is a notice, not an error and not the
// assistant's words — live and after a reload.

test.describe.configure({ timeout: 90_000 });

/** After a reload: opens the conversation, named after its first question. */
const openConversation = (page: Page, name: string) => page.getByRole("navigation", { name: "对话列表" }).getByRole("button", { name, exact: true }).click();

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
});

test("a flagged question is answered by a notice, and the next question is answered normally", async ({ page }) => {
  await page.goto("/ai/chat/demo-chat");
  await ask(page, "请介绍一下演示敏感词");
  const refused = page.getByTestId("exchange").last();
  await expect(refused).toHaveAttribute("data-status", "done");
  const notice = refused.getByRole("note");
  await expect(notice).toContainText("内容安全提示");
  await expect(notice).toContainText("火花助手无法回答");
  await expect(refused.getByRole("alert")).toHaveCount(0);

  await ask(page, "如何写一份周报？");
  const next = page.getByTestId("exchange").last();
  await expect(next).toHaveAttribute("data-status", "done");
  await expect(next.getByTestId("answer")).toContainText("周报");
  await expect(next.getByRole("note")).toHaveCount(0);

  await page.reload();
  await openConversation(page, "请介绍一下演示敏感词");
  await expect(page.getByTestId("exchange")).toHaveCount(2);
  await expect(page.getByTestId("exchange").first().getByRole("note")).toContainText("火花助手无法回答");
});

test("a flagged answer is replaced mid-stream by the app's notice, and stays replaced after a reload", async ({ page }) => {
  await page.goto("/ai/chat/demo-chatflow");
  await ask(page, "介绍一下演示敏感词");
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done");
  await expect(exchange.getByRole("note")).toContainText("这条回答包含不适宜展示的内容，已被隐藏。");
  await expect(exchange.getByTestId("answer")).not.toContainText("演示敏感词");
  await expect(exchange.getByTestId("workflow-progress")).toHaveAttribute("data-status", "succeeded");

  await page.reload();
  await openConversation(page, "介绍一下演示敏感词");
  await expect(page.getByTestId("exchange").last().getByRole("note")).toContainText("已被隐藏");
});
