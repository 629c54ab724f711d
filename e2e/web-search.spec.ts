import type { Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// 联网搜索 on the demo model app (enabled for it by default; with no WEB_SEARCH_PROVIDER the search
// reads the site's own docs and blog, offline): the answer's 引用 links to the docs page it came from.
const MODEL_CHAT = "/ai/chat/demo-model";

async function ask(page: Page, question: string) {
  const box = page.getByRole("textbox", { name: "输入消息" });
  await box.fill(question);
  await box.press("Enter");
}

test.describe.configure({ timeout: 90_000 });

test("asks with 联网搜索 on and sees 引用 linking to the docs page", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto(MODEL_CHAT);
  const toggle = page.getByRole("button", { name: "联网搜索" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");

  await ask(page, "怎么创建 API 密钥？");
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done");
  const citations = exchange.getByTestId("citations");
  await expect(citations).toBeVisible();
  await citations.getByTestId("citation").first().locator("summary").click();
  const link = citations.getByTestId("citation-link").first();
  await expect(link).toHaveAttribute("href", /\/docs\//);
  await expect(link).toHaveAttribute("target", "_blank");
});

test("without 联网搜索 the answer has no web sources", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto(MODEL_CHAT);
  await expect(page.getByRole("button", { name: "联网搜索" })).toHaveAttribute("aria-pressed", "false");
  await ask(page, "怎么创建 API 密钥？");
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done");
  await expect(exchange.getByTestId("citations")).toHaveCount(0);
});
