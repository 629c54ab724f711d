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

// Issue 36 item 5: a key locked to an IP allow-list and its own requests per minute (under the plan's ceiling).
test("locks a key down to an allow-list and a per-minute limit, edited in its 设置 dialog", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/dashboard/ai/tokens");
  await expect(page.getByText("套餐上限：每分钟 60 次")).toBeVisible();

  await page.getByRole("button", { name: "创建密钥" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("名称").fill("服务器脚本");
  await dialog.getByLabel("IP 白名单（可选）").fill("203.0.113.7\n2001:db8::/32");
  await dialog.getByLabel("每分钟请求数上限（可选）").fill("20");
  await dialog.getByRole("button", { name: "创建" }).click();
  const secret = (await dialog.getByTestId("new-api-key").textContent()) ?? "";
  await dialog.getByRole("button", { name: "我已保存" }).click();

  const row = page.getByRole("table", { name: "API 密钥" }).getByRole("row", { name: /服务器脚本/ });
  await expect(row).toContainText("2 个 IP / 网段");
  await expect(row).toContainText("每分钟 20 次");

  // This browser is not on the list: the key is refused in OpenAI's shape.
  const refused = await page.request.get("/v1/models", { headers: { Authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: { code: "permission_denied", type: "permission_error" } });

  await row.getByRole("button", { name: "设置「服务器脚本」" }).click();
  const edit = page.getByRole("dialog");
  await edit.getByLabel("每分钟请求数上限（可选）").fill("61");
  await edit.getByRole("button", { name: "保存" }).click();
  await expect(edit.getByRole("alert")).toHaveText("每分钟请求数不能超过免费版的上限 60 次");
  await edit.getByLabel("IP 白名单（可选）").fill("");
  await edit.getByLabel("每分钟请求数上限（可选）").fill("30");
  await edit.getByRole("button", { name: "保存" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("任意 IP");
  await expect(row).toContainText("每分钟 30 次");
  expect((await page.request.get("/v1/models", { headers: { Authorization: `Bearer ${secret}` } })).status()).toBe(200);
});
