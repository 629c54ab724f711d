import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { askInChat as ask } from "./support/chat";
import { expect, test } from "./support/fixtures";

// The demo agent (agent_thought / agent_message, src/embedded/dify/agent.ts) and knowledge
// citations (retriever_resources, src/embedded/dify/citations.ts) on the chat page.

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
});

test("the agent's thinking and tool calls fold above its answer, and come back after a reload", async ({ page }) => {
  await page.goto("/ai/chat/demo-agent");
  await expect(page.getByTestId("opening-statement")).toContainText("火花智能体");
  await ask(page, "一年有多少个小时？");
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done");
  await expect(exchange.getByTestId("answer")).toContainText("365 * 24 = 8760");

  const checkSteps = async () => {
    const steps = exchange.getByTestId("agent-steps");
    const summary = steps.locator("summary");
    await expect(summary).toHaveText("思考与工具调用 · 2 步");
    await expect(steps).not.toHaveAttribute("open", "");
    await expect(steps.getByTestId("agent-tool").first()).toBeHidden();
    await summary.click();
    await expect(steps).toHaveAttribute("open", "");
    const tools = steps.getByTestId("agent-tool");
    await expect(tools).toHaveCount(2);
    await expect(tools.nth(0)).toContainText("网页搜索");
    await expect(tools.nth(0).getByTestId("agent-tool-input")).toContainText('"query": "一年有多少个小时"');
    await expect(tools.nth(0).getByTestId("agent-tool-observation")).toContainText("找到 3 条");
    await expect(tools.nth(1)).toContainText("计算器");
    await expect(tools.nth(1).getByTestId("agent-tool-input")).toContainText('"expression": "365 * 24"');
    await expect(tools.nth(1).getByTestId("agent-tool-observation")).toHaveText("365 * 24 = 8760");
    await expect(steps.getByText("我需要先搜索一下「一年有多少个小时」的相关资料。")).toBeVisible();
    // Folds again from the keyboard.
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(steps).not.toHaveAttribute("open", "");
    await expect(tools.first()).toBeHidden();
  };
  await checkSteps();

  await page.reload();
  await page.getByRole("navigation", { name: "对话列表" }).getByRole("button", { name: "一年有多少个小时？", exact: true }).click();
  await expect(exchange.getByTestId("answer")).toContainText("365 * 24 = 8760");
  await checkSteps();
});

test("an answer about 思维火花 lists its numbered citations, each opening to the cited text", async ({ page }) => {
  await page.goto("/ai/chat/demo-chat");
  await ask(page, "介绍一下思维火花");
  const exchange = page.getByTestId("exchange").first();
  await expect(exchange).toHaveAttribute("data-status", "done");

  const checkCitations = async () => {
    const citations = exchange.getByRole("region", { name: "引用" });
    const items = citations.getByTestId("citation");
    await expect(items).toHaveCount(3);
    await expect(items.nth(0).locator("summary")).toContainText("产品介绍.md");
    await expect(items.nth(0).locator("summary")).toHaveAttribute("title", /相关度：0\.\d\d/);
    const content = items.nth(0).getByTestId("citation-content");
    await expect(content).toBeHidden();
    await items.nth(0).locator("summary").click();
    await expect(content).toBeVisible();
    await expect(content).toContainText("思维火花是一个快速接入 AI 工作流的平台");
    await items.nth(1).locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(items.nth(1).getByTestId("citation-content")).toContainText("用量按令牌");
  };
  await checkCitations();

  // A question outside the knowledge base cites nothing.
  await ask(page, "解释一下勾股定理");
  await expect(page.getByTestId("exchange").last()).toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("exchange").last().getByRole("region", { name: "引用" })).toHaveCount(0);

  await page.reload();
  await page.getByRole("navigation", { name: "对话列表" }).getByRole("button", { name: "介绍一下思维火花", exact: true }).click();
  await expect(page.getByTestId("exchange")).toHaveCount(2);
  await checkCitations();
});
