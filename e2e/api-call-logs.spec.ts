import { readFileSync } from "node:fs";
import OpenAI from "openai";
import { openAiFailure } from "../test/openai-failure";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Issue 36 item 4: after calls with a key, its 调用日志 lists them — the answered one with its request
// id (the X-Request-Id the server sent), the refused one with its status — filters, and exports CSV.
test("the API call log shows a key's calls, refusals included, filters them and exports CSV", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  const created = await page.request.post("/api/keys", { data: { name: "日志脚本" } });
  const { secret } = (await created.json()) as { secret: string };
  const openai = new OpenAI({ apiKey: secret, baseURL: `${baseURL}/v1`, maxRetries: 0 });

  const { data: answer, response } = await openai.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "列出 3 个提高专注力的方法" }] }).withResponse();
  expect(answer.usage!.total_tokens).toBeGreaterThan(0);
  const requestId = response.headers.get("x-request-id")!;
  expect(requestId).toBeTruthy();
  const missing = await openAiFailure(openai.chat.completions.create({ model: "no-such-model", messages: [{ role: "user", content: "您好" }] }));
  expect(missing.status).toBe(404);

  await page.goto("/dashboard/ai/tokens");
  await page.getByRole("link", { name: /查看 API 调用日志/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/ai\/tokens\/logs$/);
  await expect(page.getByRole("heading", { name: "API 调用日志" })).toBeVisible();
  const table = page.getByRole("table", { name: "调用记录" });
  const answered = table.locator(`tr[data-request-id="${requestId}"]`);
  await expect(answered).toContainText("demo-model");
  await expect(answered).toContainText("200");
  await expect(answered).toContainText("日志脚本");
  await expect(table.getByRole("row", { name: /no-such-model/ })).toContainText("404");
  // The messages are never shown.
  await expect(table).not.toContainText("提高专注力");

  await page.getByLabel("状态").selectOption("failed");
  await page.getByRole("button", { name: "筛选" }).click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(table.getByRole("row", { name: /no-such-model/ })).toBeVisible();
  await expect(answered).toHaveCount(0);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "导出 CSV" }).click();
  const csv = await (await download).path();
  const text = readFileSync(csv, "utf8").replace(/^\uFEFF/, "");
  expect(text.split("\r\n")[0]).toContain("请求 ID");
  expect(text).toContain("no-such-model");
  expect(text).not.toContain(requestId);
});
