import type { Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// 知识库 (issue 37): a base with a Markdown document, indexed in the background, then chosen in the demo
// model app's chat; the answer cites the document (the 引用 UI of Dify answers, fed by retriever_resources).
const MODEL_CHAT = "/ai/chat/demo-model";
const GUIDE = [
  "# 火花咖啡机说明书",
  "",
  "## 清洁",
  "",
  "火花咖啡机每天使用后需要清洗滴水盘。每使用两百杯，请用柠檬酸除垢一次，除垢大约需要二十分钟。",
  "",
  "## 保修",
  "",
  "整机保修两年，加热模块保修五年。",
].join("\n");

async function ask(page: Page, question: string) {
  const box = page.getByRole("textbox", { name: "输入消息" });
  await box.fill(question);
  await box.press("Enter");
}

test.describe.configure({ timeout: 90_000 });

test("a knowledge base: create, upload Markdown, see 已索引, ask the model app with it chosen, see the citation", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/dashboard/knowledge");
  await expect(page.getByText("还没有知识库")).toBeVisible();

  await page.getByRole("textbox", { name: "知识库名称" }).fill("咖啡机资料");
  await page.getByRole("button", { name: "新建知识库" }).click();
  const base = page.getByRole("listitem", { name: "咖啡机资料" });
  await expect(base).toBeVisible();

  await base.getByLabel("上传文件（咖啡机资料）").setInputFiles({ name: "咖啡机说明书.md", mimeType: "text/markdown", buffer: Buffer.from(GUIDE) });
  const documents = base.getByRole("list", { name: "咖啡机资料的文档" });
  await expect(documents.getByText("咖啡机说明书.md")).toBeVisible();
  await expect(documents.getByText("已索引")).toBeVisible({ timeout: 30_000 });

  // A web page on an internal address is refused with the reason.
  await base.getByRole("textbox", { name: "添加网页（咖啡机资料）" }).fill("http://127.0.0.1:9/");
  await base.getByRole("button", { name: "添加网页" }).click();
  // In the toast region: Radix also announces the toast in a live region with the same words.
  await expect(toastRegion(page).getByText("这个网址指向内部网络，不能添加。")).toBeVisible();

  await page.goto(MODEL_CHAT);
  await page.getByRole("button", { name: "知识库" }).click();
  await page.getByRole("menuitemcheckbox", { name: "咖啡机资料" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "知识库" })).toContainText("(1)");

  await ask(page, "咖啡机多久需要除垢？");
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done");
  const citations = exchange.getByRole("region", { name: "引用" });
  await expect(citations.getByTestId("citation").first()).toContainText("咖啡机说明书.md");
});

test("another user's knowledge base is not theirs to see", async ({ page, browser }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  const created = await page.request.post("/api/knowledge/bases", { data: { name: "私人资料" } });
  expect(created.status()).toBe(201);
  const { base } = (await created.json()) as { base: { id: string } };

  const other = await browser.newContext();
  try {
    await signInThroughApi(other.request, await createConfirmedAccount(other.request));
    expect((await other.request.get(`/api/knowledge/bases/${base.id}/documents`)).status()).toBe(404);
    expect((await other.request.delete(`/api/knowledge/bases/${base.id}`)).status()).toBe(404);
    expect(((await (await other.request.get("/api/knowledge/bases")).json()) as { bases: unknown[] }).bases).toEqual([]);
  } finally {
    await other.close();
  }
});

test("the composer's paperclip takes a document: 已索引 in the tray, cited in the answer, kept with its conversation", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto(MODEL_CHAT);
  const picker = page.getByTestId("file-input");
  const tray = page.getByRole("list", { name: "附加的文档" });

  // A document picked by mistake is removable before sending.
  await picker.setInputFiles({ name: "草稿.txt", mimeType: "text/plain", buffer: Buffer.from("随手记下的草稿。") });
  await expect(tray.getByTestId("attached-document")).toHaveCount(1);
  await tray.getByRole("button", { name: "移除「草稿.txt」" }).click();
  await expect(tray).toHaveCount(0);

  await picker.setInputFiles({ name: "咖啡机说明书.md", mimeType: "text/markdown", buffer: Buffer.from(GUIDE) });
  const guide = tray.getByTestId("attached-document");
  await expect(guide).toContainText("咖啡机说明书.md");
  await expect(guide).toHaveAttribute("data-status", "indexed", { timeout: 30_000 });
  await expect(guide).toContainText("已索引");
  // Documents are not images: the app's image tray stays empty.
  await expect(page.getByTestId("pending-file")).toHaveCount(0);

  await ask(page, "咖啡机多久需要除垢？");
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done");
  await expect(exchange.getByRole("region", { name: "引用" }).getByTestId("citation").first()).toContainText("咖啡机说明书.md");

  // A new conversation starts without the document; going back to the first one brings it back.
  const sidebar = page.getByRole("complementary", { name: "对话" });
  await sidebar.getByRole("button", { name: "新对话", exact: true }).first().click();
  await expect(tray).toHaveCount(0);
  await expect(page.getByRole("button", { name: "知识库" })).not.toContainText("(");
  await sidebar.getByRole("navigation", { name: "对话列表" }).getByRole("listitem").first().getByRole("button").first().click();
  await expect(exchange).toHaveAttribute("data-status", "done");
  await expect(tray.getByTestId("attached-document")).toContainText("咖啡机说明书.md");
});
