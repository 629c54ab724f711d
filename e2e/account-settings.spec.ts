import { randomUUID } from "node:crypto";
import { generate } from "otplib";
import type { Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// /dashboard/settings, action by action, each with its Chinese feedback. Every test makes its own
// account: these flows change the account they run on. Each makes an account through the outbox
// first, which on a loaded machine takes a good part of the default 30 s.
test.describe.configure({ timeout: 60_000 });

const toasts = toastRegion;

/** The newest dev-outbox card addressed to `recipient`, opened in a second tab. */
async function outboxCard(page: Page, name: string | RegExp) {
  const outbox = await page.context().newPage();
  await expect(async () => {
    await outbox.goto("/dev/outbox");
    await expect(outbox.getByRole("article", { name }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  return { outbox, card: outbox.getByRole("article", { name }).first() };
}

async function openSettingsSignedIn(page: Page) {
  const account = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("heading", { name: "账户设置", level: 1 })).toBeVisible();
  return account;
}

test("changing the e-mail waits for the link sent to the new address", async ({ page }) => {
  const account = await openSettingsSignedIn(page);
  const newEmail = `e2e-new-${randomUUID().slice(0, 8)}@example.com`;
  const section = page.getByRole("region", { name: "邮箱" });
  await section.getByLabel("新邮箱").fill(account.email);
  await section.getByRole("button", { name: "发送确认邮件" }).click();
  await expect(section.getByText("新邮箱与当前邮箱相同")).toBeVisible();

  await section.getByLabel("新邮箱").fill(newEmail);
  await section.getByRole("button", { name: "发送确认邮件" }).click();
  await expect(toasts(page)).toContainText("确认邮件已发送");
  await expect(section).toContainText(`待确认的新邮箱：${newEmail}`);
  await expect(section).toContainText(`当前邮箱：${account.email}`);

  const { outbox, card } = await outboxCard(page, `邮件 ${newEmail}`);
  const link = await card.getByRole("link", { name: "打开验证链接" }).getAttribute("href");
  await outbox.close();
  expect(link).toBeTruthy();
  // Same tab: the PKCE verifier of this change waits in its cookies.
  await page.goto(link!);
  await expect(toasts(page)).toContainText("邮箱已更新");
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole("region", { name: "邮箱" })).toContainText(`当前邮箱：${newEmail}`);

  const withNew = await page.request.post("/api/auth/signin", { data: { email: newEmail, password: account.password } });
  expect(withNew.ok(), await withNew.text()).toBe(true);
  const withOld = await page.request.post("/api/auth/signin", { data: { email: account.email, password: account.password } });
  expect(withOld.status()).toBe(400);
});

test("changing the password in settings, then signing in with the new one", async ({ page }) => {
  const account = await openSettingsSignedIn(page);
  const section = page.getByRole("region", { name: "密码" });
  const newPassword = "Spark-changed-2026";
  await section.getByLabel("新密码", { exact: true }).fill(newPassword);
  await section.getByLabel("确认新密码").fill("Spark-typo-2026");
  await section.getByRole("button", { name: "修改密码" }).click();
  await expect(section.getByText("两次输入的密码不一致")).toBeVisible();

  await section.getByLabel("确认新密码").fill(newPassword);
  await section.getByRole("button", { name: "修改密码" }).click();
  await expect(toasts(page)).toContainText("密码已更新");

  await page.getByRole("button", { name: "用户菜单" }).click();
  await page.getByRole("menuitem", { name: "退出登录" }).click();
  await expect(page).toHaveURL(/\/$/);
  const withOld = await page.request.post("/api/auth/signin", { data: { email: account.email, password: account.password } });
  expect(withOld.status()).toBe(400);

  await page.goto("/auth/signin");
  const panel = page.getByRole("tabpanel", { name: "邮箱" });
  await panel.getByLabel("邮箱").fill(account.email);
  await panel.getByLabel("密码").fill(newPassword);
  await panel.getByRole("button", { name: "登录" }).click();
  await expect(toasts(page)).toContainText("登录成功");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("changing the phone number with the code texted to it", async ({ page }) => {
  await openSettingsSignedIn(page);
  const local = `138${String(Date.now()).slice(-8)}`;
  const section = page.getByRole("region", { name: "手机号" });
  await expect(section).toContainText("当前手机号：未绑定手机号");
  await section.getByLabel("新手机号").fill(local);
  await section.getByRole("button", { name: "发送验证码" }).click();
  await expect(toasts(page)).toContainText("验证码已发送");

  const { outbox, card } = await outboxCard(page, new RegExp(`短信 \\+?86${local}$`));
  const code = (await card.getByTestId("outbox-code").textContent())?.trim();
  await outbox.close();
  expect(code).toMatch(/^\d{4,10}$/);

  await section.getByLabel("验证码").fill(code!);
  await section.getByRole("button", { name: "确认修改" }).click();
  await expect(toasts(page)).toContainText("手机号已更新");
  await expect(section).toContainText(`当前手机号：+86${local}`);
});

test("removing the authenticator app turns two-step verification off", async ({ page }) => {
  await openSettingsSignedIn(page);
  const mfa = page.getByRole("region", { name: "两步验证" });
  await mfa.getByRole("button", { name: "开启两步验证" }).click();
  // The QR code is a picture that decodes (an unencoded SVG data URL is cut at its first "#").
  const qr = mfa.getByRole("img", { name: /二维码/ });
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  const secret = (await mfa.getByTestId("mfa-secret").textContent())?.trim();
  expect(secret).toBeTruthy();
  await mfa.getByLabel("6 位动态验证码").fill(await generate({ secret: secret! }));
  await mfa.getByRole("button", { name: "验证并开启" }).click();
  await expect(toasts(page)).toContainText("两步验证已开启");
  await expect(mfa.getByRole("button", { name: "开启两步验证" })).toHaveCount(0);

  await mfa.getByRole("button", { name: "移除「身份验证器 App」" }).click();
  const dialog = page.getByRole("alertdialog", { name: "移除这个验证方式？" });
  await dialog.getByRole("button", { name: "确认移除" }).click();
  await expect(toasts(page)).toContainText("验证方式已移除");
  await expect(mfa).toContainText("尚未开启两步验证。");
  await expect(mfa.getByRole("button", { name: "开启两步验证" })).toBeVisible();
});

test("signing out the other devices ends their session and keeps this one", async ({ page, browser }) => {
  const account = await openSettingsSignedIn(page);
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signInThroughApi(other.request, account);

  await page.getByRole("region", { name: "会话" }).getByRole("button", { name: "退出其他设备" }).click();
  await expect(toasts(page)).toContainText("已退出其他设备上的登录");

  // The other browser's session is gone at the auth service: the route guard sends it to sign in,
  // although its access token has not expired (issue 12, finding 5).
  await other.goto("/dashboard/settings");
  await expect(other).toHaveURL(/\/auth\/signin/);
  await expect(other.getByRole("heading", { name: "登录", level: 1 })).toBeVisible();
  await elsewhere.close();

  await page.reload();
  await expect(page.getByRole("region", { name: "邮箱" })).toContainText(`当前邮箱：${account.email}`);
});
