import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { askInChat } from "./support/chat";
import { expect, test } from "./support/fixtures";

// Issue 33 part 6 (PIPL): 下载我的数据 holds a conversation and a note; 注销账号 removes the account
// and its data, and the person can sign up again with the same address.
test.describe.configure({ timeout: 150_000 });

test("下载我的数据 holds the user's conversation and note", async ({ page }) => {
  const account = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, account);
  const noteTitle = `导出测试笔记 ${Date.now()}`;
  expect((await page.request.post("/api/notes", { data: { title: noteTitle, body: "笔记正文" } })).status()).toBe(201);
  await page.goto("/ai/chat/demo-chat");
  const question = "导出测试：介绍一下长江";
  await askInChat(page, question);
  await expect(page.getByTestId("exchange").last()).toHaveAttribute("data-status", "done", { timeout: 30_000 });

  await page.goto("/dashboard/settings");
  const card = page.getByRole("region", { name: "下载我的数据" });
  const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: "下载我的数据" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^思维火花-我的数据-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const data = JSON.parse(strFromU8(files["data.json"]!)) as { profile: { email: string }; notes: { title: string }[]; conversations: { messages: { query: string }[] }[] };
  expect(data.profile.email).toBe(account.email);
  expect(data.notes.map((note) => note.title)).toContain(noteTitle);
  expect(data.conversations.flatMap((conversation) => conversation.messages.map((message) => message.query))).toContain(question);
  expect(strFromU8(files["conversations.md"]!)).toContain(question);
});

test("注销账号 removes the account and its data, and the address can sign up again", async ({ page }) => {
  const account = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, account);
  expect((await page.request.post("/api/notes", { data: { title: "注销前的笔记" } })).status()).toBe(201);

  await page.goto("/dashboard/settings");
  const card = page.getByRole("region", { name: "注销账号" });
  await expect(card).toContainText("将被删除");
  await expect(card).toContainText("依法保留");
  await expect(card).toContainText("订单、支付、退款记录与发票申请");
  await card.getByLabel("当前密码").fill("wrong-password-123");
  await card.getByLabel("请输入“注销”以确认").fill("注销");
  await card.getByRole("button", { name: "注销账号" }).click();
  await expect(card.getByRole("alert")).toHaveText("密码不正确");

  await card.getByLabel("当前密码").fill(account.password);
  await card.getByRole("button", { name: "注销账号" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });

  // Gone: the password no longer signs in, and the address is free for a new sign-up.
  expect((await page.request.post("/api/auth/signin", { data: account })).ok()).toBe(false);
  const signUp = await page.request.post("/api/auth/signup", { data: { type: "email", ...account } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
});

test("注销账号 with a one-time code instead of the password", async ({ page }) => {
  const account = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard/settings");
  const card = page.getByRole("region", { name: "注销账号" });
  await card.getByRole("button", { name: "获取验证码" }).click();
  await expect(card.getByRole("status")).toContainText("验证码已发送至");

  // The code, from the dev outbox (the mail the auth service sent).
  const outbox = await page.context().newPage();
  await outbox.goto("/dev/outbox");
  const mail = outbox.getByRole("article", { name: `邮件 ${account.email}` }).first();
  await expect(mail).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await mail.textContent()) ?? "")?.[1];
  await outbox.close();
  expect(code).toBeTruthy();

  await card.getByLabel("验证码（没有密码时）").fill(code!);
  await card.getByLabel("请输入“注销”以确认").fill("注销");
  await card.getByRole("button", { name: "注销账号" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  expect((await page.request.post("/api/auth/signin", { data: account })).ok()).toBe(false);
});
