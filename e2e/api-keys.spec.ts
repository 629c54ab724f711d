import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Personal API keys on /dashboard/ai/tokens: the secret is shown once, lists show only a prefix.
test("creates an API key, shows its secret once, and revokes it", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/dashboard/ai/tokens");
  await expect(page.getByText("还没有 API 密钥")).toBeVisible();

  await page.getByRole("button", { name: "创建密钥" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("名称").fill("周报脚本");
  await dialog.getByLabel("有效期").selectOption({ label: "90 天" });
  await dialog.getByLabel("每月 Token 上限（可选）").fill("50000");
  await dialog.getByLabel("只允许调用选中的应用").check();
  await dialog.getByLabel("火花模型").check();
  await dialog.getByRole("button", { name: "创建" }).click();

  const secret = (await dialog.getByTestId("new-api-key").textContent()) ?? "";
  expect(secret).toMatch(/^sk-[A-Za-z0-9_-]{40}$/);
  await dialog.getByRole("button", { name: "我已保存" }).click();

  const table = page.getByRole("table", { name: "API 密钥" });
  const row = table.getByRole("row", { name: /周报脚本/ });
  await expect(row).toContainText(`${secret.slice(0, 7)}…${secret.slice(-4)}`);
  await expect(row).toContainText("火花模型");
  await expect(row).toContainText("0 / 50,000");
  await expect(row).toContainText("从未使用");
  expect(await page.content()).not.toContain(secret);

  // After a reload the secret is nowhere: not in the page, not in the API.
  await page.reload();
  await expect(table.getByRole("row", { name: /周报脚本/ })).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  expect(await (await page.request.get("/api/keys")).text()).not.toContain(secret);

  await table.getByRole("button", { name: "撤销「周报脚本」" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "撤销" }).click();
  await expect(page.getByText("还没有 API 密钥")).toBeVisible();
  await page.reload();
  await expect(page.getByText("还没有 API 密钥")).toBeVisible();
});

test("refuses a key without a name, with the reason in Chinese", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  const response = await page.request.post("/api/keys", { data: { name: " " } });
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({ statusCode: 400, message: "请输入密钥名称" });
});
