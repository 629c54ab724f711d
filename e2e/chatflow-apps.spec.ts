import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { askInChat as ask } from "./support/chat";
import { expect, test } from "./support/fixtures";

// The demo chatflow (Dify advanced-chat, src/embedded/dify/chatflow.ts) on the chat page: the
// answer's workflow folded to one progress line, its nodes, citations and a follow-up question.

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
});

test("a chatflow answer shows its finished workflow, the nodes with their status, citations and a follow-up", async ({ page }) => {
  await page.goto("/ai/chat/demo-chatflow");
  await expect(page.getByTestId("opening-statement")).toContainText("火花知识助手");
  await ask(page, "思维火花能做什么？");
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done");
  await expect(exchange.getByTestId("answer")).toContainText("思维火花帮助中心");

  const progress = exchange.getByTestId("workflow-progress");
  const summary = progress.locator("summary");
  await expect(progress).toHaveAttribute("data-status", "succeeded");
  await expect(summary).toHaveText(/^工作流已完成 · 4 个节点 · \d+\.\d+ 秒$/);
  const nodes = progress.getByTestId("workflow-node");
  await expect(nodes.first()).toBeHidden();
  await summary.click();
  await expect(progress).toHaveAttribute("open", "");
  await expect(nodes).toHaveCount(4);
  for (const [index, title] of ["开始", "知识检索", "大模型", "直接回复"].entries()) {
    await expect(nodes.nth(index)).toContainText(title);
    await expect(nodes.nth(index)).toContainText("成功");
    await expect(nodes.nth(index)).toContainText(/\d+\.\d+ 秒/);
    await expect(nodes.nth(index)).toHaveAttribute("data-status", "succeeded");
  }
  // Folds again from the keyboard.
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(nodes.first()).toBeHidden();

  const citations = exchange.getByRole("region", { name: "引用" });
  await expect(citations.getByTestId("citation")).toHaveCount(3);
  await expect(citations.getByTestId("citation").first()).toContainText("产品介绍.md");

  const followUps = exchange.getByRole("list", { name: "推荐追问" }).getByRole("button");
  await expect(followUps.first()).toBeVisible();
  await followUps.first().click();
  await expect(page.getByTestId("exchange")).toHaveCount(2);
  await expect(page.getByTestId("exchange").last()).toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("exchange").last().getByTestId("workflow-progress")).toHaveAttribute("data-status", "succeeded");
});

test("a failed chatflow run says so in Chinese and marks the failed node", async ({ page }) => {
  await page.goto("/ai/chat/demo-chatflow");
  await ask(page, "写一首诗 #节点失败");
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "error");
  await expect(exchange).toContainText("工作流运行失败：「大模型」节点出错，请重试");
  const progress = exchange.getByTestId("workflow-progress");
  await expect(progress).toHaveAttribute("data-status", "failed");
  await expect(progress.locator("summary")).toContainText("工作流运行失败 · 3/3 个节点");
  await progress.locator("summary").click();
  await expect(progress.locator('[data-testid="workflow-node"][data-status="failed"]')).toContainText("大模型");
  await expect(progress.locator('[data-testid="workflow-node"][data-status="failed"]')).toContainText("失败");
});
