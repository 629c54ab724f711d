import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { askInChat } from "./support/chat";
import { signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Issue 33 parts 2 and 3: the 「内容由 AI 生成」 label on the page, in copies, read-aloud and both
// exports (with the implicit AIGC metadata), and the filings in every page's footer. The e2e server
// sets SITE_ICP_NUMBER, SITE_PSB_NUMBER and SITE_GENAI_FILING (playwright.config.ts).

const ICP = "京ICP备12345678号-1";
const PSB = "京公网安备11010502012345号";
const GENAI = "网信算备110108012345601230011号";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

async function expectFilings(page: Page) {
  const filings = page.getByTestId("site-filings");
  await expect(filings.getByRole("link", { name: ICP })).toHaveAttribute("href", "https://beian.miit.gov.cn/");
  await expect(filings.getByRole("link", { name: PSB })).toHaveAttribute("href", "https://beian.mps.gov.cn/#/query/webSearch?code=11010502012345");
  await expect(filings.getByRole("img", { name: "公安备案图标" })).toBeVisible();
  await expect(filings).toContainText(`生成式人工智能服务备案：${GENAI}`);
}

test("the footer of the marketing, dashboard and app pages shows the filings", async ({ page, account }) => {
  await page.goto("/");
  await expectFilings(page);
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard");
  await expectFilings(page);
  await page.goto("/ai/chat/demo-chat");
  await expectFilings(page);
});

test("an answer carries the AI label on the page, in a copy and in both exports", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/ai/chat/demo-chat");
  await askInChat(page, "列出 3 点关于观鸟入门的建议");
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(exchange.getByTestId("ai-content-label")).toHaveText("内容由 AI 生成");

  await exchange.getByRole("button", { name: "复制回答" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\n\n（内容由 AI 生成）$/);

  const list = page.getByRole("complementary", { name: "对话" }).getByRole("navigation", { name: "对话列表" });
  const exportAs = async (format: "Markdown" | "JSON") => {
    await list.getByRole("listitem").first().getByRole("button", { name: /更多操作/ }).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: `导出为 ${format}` }).click();
    return readFile((await (await downloading).path())!, "utf8");
  };

  const markdown = await exportAs("Markdown");
  const front = /^---\nAIGC: (.+)\n---\n/.exec(markdown);
  expect(front).not.toBeNull();
  expect(JSON.parse(front![1]!)).toMatchObject({ Label: "1", ContentProducer: "思维火花", ProduceID: expect.any(String) });
  expect(markdown).toContain("### 回答（内容由 AI 生成）");

  const json = JSON.parse(await exportAs("JSON")) as { AIGC: Record<string, string>; label: string; messages: { AIGC: Record<string, string>; answer_label: string }[] };
  expect(json.AIGC).toMatchObject({ Label: "1", ContentProducer: "思维火花" });
  expect(json.label).toBe("内容由 AI 生成");
  expect(json.messages[0]).toMatchObject({ answer_label: "内容由 AI 生成", AIGC: { Label: "1", ProduceID: expect.any(String) } });
});

test("read-aloud starts with the spoken AI notice", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/ai/chat/demo-chatflow");
  await askInChat(page, "如何写一份周报？");
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  const speech = page.waitForRequest((request) => request.url().includes("/api/ai/dify/text-to-audio"));
  await exchange.getByRole("button", { name: "朗读", exact: true }).click();
  const body = (await speech).postDataJSON() as { text?: string };
  expect(body.text?.startsWith("以下内容由 AI 生成。")).toBe(true);
});
