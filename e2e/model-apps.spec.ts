import type { Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// The demo model app (src/embedded/model-provider behind src/features/ai-models): a chat straight
// with a "model", two models to switch between, the reasoner's thinking folded, usage per model.
const MODEL_CHAT = "/ai/chat/demo-model";
/** A 1×1 transparent PNG. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

async function ask(page: Page, question: string) {
  const box = page.getByRole("textbox", { name: "输入消息" });
  await box.fill(question);
  await box.press("Enter");
}

test.describe.configure({ timeout: 90_000 });

test("chats with the demo model, switches model, sees the thinking folded, and finds usage per model", async ({ page }) => {
  // An account of its own: the usage figures below must be this test's alone.
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto(MODEL_CHAT);
  await expect(page.getByTestId("opening-statement")).toContainText("切换模型");
  const switcher = page.getByRole("combobox", { name: "选择模型" });
  await expect(switcher).toHaveValue("spark-swift");

  await ask(page, "列出 3 个提高专注力的方法");
  const first = page.getByTestId("exchange").last();
  await expect(first).toHaveAttribute("data-status", "done");
  await expect(first.getByTestId("answer").getByRole("listitem")).toHaveCount(3);
  await expect(first.getByTestId("answer").locator("details")).toHaveCount(0);

  await switcher.selectOption({ label: "火花 推理版" });
  await ask(page, "如何规划一次周末短途旅行？");
  const second = page.getByTestId("exchange").last();
  await expect(second).toHaveAttribute("data-status", "done");
  const thinking = second.getByTestId("answer").locator("details");
  await expect(thinking.locator("summary")).toHaveText("思考过程");
  await expect(thinking).not.toHaveAttribute("open", "");
  await expect(second.getByTestId("answer").getByText("结论", { exact: true })).toBeVisible();
  await thinking.locator("summary").click();
  await expect(thinking).toContainText("用户问的是「如何规划一次周末短途旅行」");

  // The conversation, named after its first question, keeps its model: back from a new chat, the
  // switcher shows the reasoner again.
  const list = page.getByRole("navigation", { name: "对话列表" });
  await page.getByRole("button", { name: "新对话" }).first().click();
  await expect(switcher).toHaveValue("spark-swift");
  await list.getByRole("button", { name: "提高专注力的方法", exact: true }).click();
  await expect(page.getByTestId("exchange")).toHaveCount(2);
  await expect(switcher).toHaveValue("spark-reasoner");

  // Stop a long answer: what arrived stays, marked as stopped.
  await ask(page, "写一段 1500 字的团队协作心得");
  const long = page.getByTestId("exchange").last();
  await expect(long.getByTestId("answer")).toContainText("团队协作心得");
  await page.getByRole("button", { name: "停止", exact: true }).click();
  await expect(long).toHaveAttribute("data-status", "stopped");
  await expect(long.getByText("已停止生成")).toBeVisible();

  // Edit the stopped question and send it again: a sibling of it takes its place in the thread (‹ 2 / 2 ›).
  await long.getByRole("button", { name: "编辑" }).click();
  await long.getByRole("textbox", { name: "修改问题" }).fill("列出 2 个团队协作的要点");
  await long.getByRole("button", { name: "发送" }).click();
  await expect(long).toHaveAttribute("data-status", "done");
  await expect(long.getByTestId("user-message")).toHaveText("列出 2 个团队协作的要点");
  await expect(long.getByTestId("answer").getByRole("listitem")).toHaveCount(2);
  await expect(long.getByTestId("branch-position")).toHaveText("2 / 2");
  await long.getByRole("button", { name: "重新生成" }).click();
  await expect(long).toHaveAttribute("data-status", "done");
  await expect(long.getByTestId("branch-position")).toHaveText("3 / 3");
  await page.reload();
  await list.getByRole("button", { name: "提高专注力的方法", exact: true }).click();
  await expect(page.getByTestId("exchange")).toHaveCount(3);
  await expect(page.getByTestId("exchange").last().getByTestId("user-message")).toHaveText("列出 2 个团队协作的要点");
  await expect(page.getByTestId("exchange").last().getByTestId("branch-position")).toHaveText("3 / 3");

  await page.goto("/dashboard/ai/tokens");
  const byModel = page.getByRole("table", { name: "各模型用量（本月）" });
  // Models by the names the app gives them (the id on hover).
  await expect(byModel.getByRole("row", { name: /火花 快速版/ })).toContainText("火花模型");
  await expect(byModel.getByRole("row", { name: /火花 推理版/ })).toBeVisible();
});

test("shows an image to the model that can see it, and says so when the chosen one cannot", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto(MODEL_CHAT);
  const picker = page.getByTestId("file-input");
  await picker.setInputFiles({ name: "tiny.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(page.getByTestId("pending-file")).toHaveAttribute("data-status", "done");
  await ask(page, "这张图里有什么？");
  const seen = page.getByTestId("exchange").last();
  await expect(seen.getByRole("img", { name: "tiny.png" })).toBeVisible();
  await expect(seen.getByTestId("answer")).toContainText("我看到了您发来的 1 张图片。");

  await page.getByRole("combobox", { name: "选择模型" }).selectOption({ label: "火花 推理版" });
  await picker.setInputFiles({ name: "tiny.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(page.getByTestId("pending-file")).toHaveAttribute("data-status", "done");
  await ask(page, "再看看这张");
  const refused = page.getByTestId("exchange").last();
  await expect(refused).toHaveAttribute("data-status", "error");
  await expect(refused).toContainText("当前模型不能识别图片");

  // One click asks the model that can see, with the same image: nothing to attach again (issue 38 item 9).
  await refused.getByRole("button", { name: "换用「火花 快速版」重试" }).click();
  await expect(refused).toHaveAttribute("data-status", "done");
  await expect(refused.getByTestId("answer")).toContainText("我看到了您发来的 1 张图片。");
  await expect(refused.getByRole("img", { name: "tiny.png" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "选择模型" })).toHaveValue("spark-swift");
});

test("keeps one user's model conversations from another", async ({ page, browser }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto(MODEL_CHAT);
  await ask(page, "写一段 40 字的问候");
  await expect(page.getByTestId("exchange").last()).toHaveAttribute("data-status", "done");
  const conversations = (await (await page.request.get("/api/ai/dify/conversations?appid=demo-model")).json()) as { data: { id: string }[] };
  const conversationId = conversations.data[0]!.id;

  const other = await browser.newContext();
  try {
    await signInThroughApi(other.request, await createConfirmedAccount(other.request));
    const theirs = await other.request.get(`/api/ai/dify/messages?appid=demo-model&conversation_id=${conversationId}`);
    expect(theirs.status()).toBe(404);
    expect(((await (await other.request.get("/api/ai/dify/conversations?appid=demo-model")).json()) as { data: unknown[] }).data).toEqual([]);
  } finally {
    await other.close();
  }
});
