import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// The console's 知识库 field on a model app (issue 37): an operator's shared knowledge base, attached to a new model
// app in /admin/apps's dialog, is searched for every user of the app, and the answer cites its document.
// The embedded demo provider (src/embedded/model-provider), as the demo model app uses it.
const DEMO_PROVIDER_KEY = "sk-spark-demo-provider";
const POLICY = [
  "# 火花售后政策",
  "",
  "## 退换货",
  "",
  "自签收之日起十五天内，商品无质量问题也可以申请退货，运费由顾客承担。质量问题的换货运费由火花承担。",
  "",
  "## 发票",
  "",
  "电子发票在订单完成后二十四小时内发送到下单邮箱。",
].join("\n");

test("an operator attaches a shared knowledge base to a model app in the console; a user's answer cites its document", async ({ page, browser }) => {
  // Indexing, the console and a chat in a second browser: beyond the default on a busy machine.
  test.slow();
  const suffix = `${Date.now() % 1_000_000}`;
  const appid = `e2e-knowledge-${suffix}`;
  const baseName = `售后资料 ${suffix}`;
  const documentName = `售后政策-${suffix}.md`;
  await ensureAdminAccount(page.request);
  await signInThroughApi(page.request, ADMIN);

  // The shared base and its document, through the console API (the console has no page of its own for them yet).
  const created = await page.request.post("/api/admin/knowledge/bases", { data: { name: baseName } });
  expect(created.status(), await created.text()).toBe(201);
  const { base } = (await created.json()) as { base: { id: string } };
  try {
    const uploaded = await page.request.post(`/api/admin/knowledge/bases/${base.id}/documents`, {
      multipart: { file: { name: documentName, mimeType: "text/markdown", buffer: Buffer.from(POLICY) } },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    const status = async () => ((await (await page.request.get(`/api/admin/knowledge/bases/${base.id}/documents`)).json()) as { documents: { status: string }[] }).documents[0]?.status;
    await expect.poll(status, { timeout: 30_000, intervals: [250, 500, 1_000] }).toBe("indexed");

    await page.goto("/admin/apps");
    await page.getByRole("button", { name: "添加应用" }).click();
    const dialog = page.getByRole("dialog", { name: "添加 AI 应用" });
    await dialog.getByLabel("应用来源").selectOption("model");
    await dialog.getByLabel("应用 ID（用于网址，创建后不能修改）").fill(appid);
    await dialog.getByLabel("名称", { exact: true }).fill(`售后助手 ${suffix.slice(-4)}`);
    await dialog.getByLabel("模型服务商接口地址", { exact: true }).fill("embedded:model-provider");
    await dialog.getByLabel("服务商 API 密钥", { exact: true }).fill(DEMO_PROVIDER_KEY);
    await dialog.getByLabel(/^模型（每行一个/).fill("spark-swift | 火花 快速版 | 1 | 否");
    const knowledge = dialog.getByRole("group", { name: "知识库" });
    await knowledge.getByRole("checkbox", { name: baseName }).check();
    await dialog.getByRole("button", { name: "添加", exact: true }).click();
    await expect(toastRegion(page)).toContainText("已更新应用的知识库");
    await expect(page.getByRole("list", { name: "AI 应用" }).locator(`[data-appid="${appid}"]`)).toBeVisible();

    // Reopening the dialog shows the base ticked (read back from the console API).
    const item = page.getByRole("list", { name: "AI 应用" }).locator(`[data-appid="${appid}"]`);
    await item.getByRole("button", { name: "编辑" }).click();
    await expect(page.getByRole("dialog").getByRole("group", { name: "知识库" }).getByRole("checkbox", { name: baseName })).toBeChecked();
    await page.keyboard.press("Escape");

    // An ordinary user, in another browser, chooses nothing: the app's shared base is searched anyway.
    const userContext = await browser.newContext();
    try {
      const userPage = await userContext.newPage();
      await signInThroughApi(userPage.request, await createConfirmedAccount(userPage.request));
      await userPage.goto(`/ai/chat/${appid}`);
      const box = userPage.getByRole("textbox", { name: "输入消息" });
      await box.fill("没有质量问题可以退货吗？");
      await box.press("Enter");
      const exchange = userPage.getByTestId("exchange").last();
      await expect(exchange).toHaveAttribute("data-status", "done");
      await expect(exchange.getByRole("region", { name: "引用" }).getByTestId("citation").first()).toContainText(documentName);
    } finally {
      await userContext.close();
    }
  } finally {
    // The app leaves the public listings (marketing.spec counts /ai's apps), and shared bases are capped:
    // leave none behind (the app's link to it goes with it).
    await page.request.post(`/api/admin/apps/${appid}/enabled`, { data: { enabled: false } });
    await page.request.delete(`/api/admin/knowledge/bases/${base.id}`);
  }
});
