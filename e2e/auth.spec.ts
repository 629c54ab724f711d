import { generate } from "otplib";
import type { Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi, type TestAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

const PASSWORD = "Spark-e2e-2026";

const toasts = toastRegion;

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;

/** Opens the dev outbox in a second tab and answers the newest message's card for `recipient`. */
async function outboxCard(page: Page, channel: "邮件" | "短信", recipient: string | RegExp) {
  const outbox = await page.context().newPage();
  const name = typeof recipient === "string" ? `${channel} ${recipient}` : recipient;
  await expect(async () => {
    await outbox.goto("/dev/outbox");
    await expect(outbox.getByRole("article", { name }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  return { outbox, card: outbox.getByRole("article", { name }).first() };
}

async function signInThroughForm(page: Page, account: TestAccount) {
  const panel = page.getByRole("tabpanel", { name: "邮箱" });
  await panel.getByLabel("邮箱").fill(account.email);
  await panel.getByLabel("密码").fill(account.password);
  await panel.getByRole("button", { name: "登录" }).click();
}

test("e-mail sign-up only sends a mail; its link verifies the account and opens the dashboard", async ({ page }) => {
  const email = uniqueEmail("signup");
  await page.goto("/auth/signup");
  const panel = page.getByRole("tabpanel", { name: "邮箱" });
  await panel.getByLabel("昵称（选填）").fill("小火花");
  await panel.getByLabel("邮箱").fill(email);
  await panel.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await panel.getByLabel("确认密码").fill(PASSWORD);
  await panel.getByRole("button", { name: "注册" }).click();
  await expect(toasts(page)).toContainText("注册邮件已发送，请查收");
  await expect(page).toHaveURL(/\/auth\/signup$/); // no login before the e-mail is verified
  // Where the mail went, a resend after its minute, a way to fix the address, and the dev outbox.
  const inbox = page.getByRole("region", { name: "查收验证邮件" });
  await expect(inbox).toContainText(email);
  await expect(inbox.getByRole("button", { name: /秒后可重新发送/ })).toBeDisabled();
  await expect(inbox.getByRole("link", { name: /开发发件箱/ })).toHaveAttribute("href", "/dev/outbox");
  await inbox.getByRole("button", { name: "更换邮箱" }).click();
  await expect(panel.getByLabel("邮箱")).toHaveValue(email);

  const { outbox, card } = await outboxCard(page, "邮件", email);
  const link = await card.getByRole("link", { name: "打开验证链接" }).getAttribute("href");
  await outbox.close();
  expect(link).toBeTruthy();
  // Opened in the tab that signed up: the PKCE verifier lives in its cookies.
  await page.goto(link!);
  await expect(toasts(page)).toContainText("邮箱验证成功");
  await expect(toasts(page)).toContainText("您的账号已激活");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("button", { name: "用户菜单" }).click();
  await expect(page.getByRole("menu")).toContainText("小火花");
});

test("password sign-in stores the session and opens the dashboard", async ({ page, account }) => {
  await page.goto("/auth/signin");
  await signInThroughForm(page, account);
  await expect(toasts(page)).toContainText("登录成功");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/); // the session survives a full load (cookies)
});

test("wrong passwords are refused in Chinese", async ({ page, account }) => {
  await page.goto("/auth/signin");
  await signInThroughForm(page, { ...account, password: "not-the-password" });
  await expect(page.getByRole("alert").filter({ hasText: "账号或密码错误" })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin$/);
});

test("a guarded page sends visitors to sign in and back to where they were going", async ({ page, account }) => {
  await page.goto("/dashboard/settings");
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await signInThroughForm(page, account);
  // The toast first: it lives 2 s, which a slow machine can spend on the checks below.
  await expect(toasts(page)).toContainText("登录成功");
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole("heading", { name: "账户设置", level: 1 })).toBeVisible();
});

test("phone sign-up: the SMS code signs the user in at once", async ({ page }) => {
  const local = `139${String(Date.now()).slice(-8)}`;
  await page.goto("/auth/signup");
  await page.getByRole("tab", { name: "手机号" }).click();
  const panel = page.getByRole("tabpanel", { name: "手机号" });
  await panel.getByLabel("手机号").fill(local);
  await panel.getByRole("button", { name: "发送验证码" }).click();
  await expect(toasts(page)).toContainText("验证码已发送");
  await expect(panel.getByRole("button", { name: /秒后可重新发送/ })).toBeDisabled();

  const { outbox, card } = await outboxCard(page, "短信", new RegExp(`短信 \\+?86${local}$`));
  const code = (await card.getByTestId("outbox-code").textContent())?.trim();
  await outbox.close();
  expect(code).toMatch(/^\d{4,10}$/);

  await panel.getByLabel("验证码").fill(code!);
  await panel.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await panel.getByLabel("确认密码").fill(PASSWORD);
  await panel.getByRole("button", { name: "注册" }).click();
  await expect(toasts(page)).toContainText("注册成功，已为您自动登录");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("sign-out clears the session and goes home", async ({ page, account }) => {
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "用户菜单" }).click();
  await page.getByRole("menuitem", { name: "退出登录" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\/signin$/);
});

test("a forgotten password is reset through the mailed link", async ({ page, request }) => {
  const account = await createConfirmedAccount(request);
  await page.goto("/auth/signin");
  await page.getByRole("link", { name: "忘记密码？" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByLabel("邮箱").fill(account.email);
  await page.getByRole("button", { name: "发送重置邮件" }).click();
  await expect(toasts(page)).toContainText("重置邮件已发送，请查收");

  // The newest mail to this address is the recovery mail (the sign-up mail came first).
  const { outbox, card } = await outboxCard(page, "邮件", account.email);
  await expect(card).toContainText("重置密码");
  const link = await card.getByRole("link", { name: "打开验证链接" }).getAttribute("href");
  await outbox.close();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/auth\/reset-password$/);

  const newPassword = "Spark-reset-2026";
  await page.getByLabel("新密码", { exact: true }).fill(newPassword);
  await page.getByLabel("确认新密码").fill(newPassword);
  await page.getByRole("button", { name: "保存新密码" }).click();
  await expect(toasts(page)).toContainText("密码已更新");
  await expect(page).toHaveURL(/\/dashboard$/);

  const signIn = await request.post("/api/auth/signin", { data: { email: account.email, password: newPassword } });
  expect(signIn.ok()).toBe(true);
});

test("TOTP two-step verification: enrol in settings, then sign in with a code", async ({ page, request }) => {
  const account = await createConfirmedAccount(request);
  await signInThroughApi(page.request, account);
  await page.goto("/dashboard/settings");
  const mfa = page.getByRole("region", { name: "两步验证" });
  await mfa.getByRole("button", { name: "开启两步验证" }).click();
  await expect(mfa.getByRole("img", { name: "两步验证二维码" })).toBeVisible();
  const secret = (await mfa.getByTestId("mfa-secret").textContent())?.trim();
  expect(secret).toBeTruthy();
  await mfa.getByLabel("6 位动态验证码").fill(await generate({ secret: secret! }));
  await mfa.getByRole("button", { name: "验证并开启" }).click();
  await expect(toasts(page)).toContainText("两步验证已开启");
  await expect(mfa.getByRole("list", { name: "已绑定的验证方式" })).toContainText("已启用");

  await page.getByRole("button", { name: "用户菜单" }).click();
  await page.getByRole("menuitem", { name: "退出登录" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/auth/signin");
  await signInThroughForm(page, account);
  await expect(page.getByRole("heading", { name: "两步验证" })).toBeVisible();
  await page.getByLabel("6 位动态验证码").fill("000000");
  await page.getByRole("button", { name: "验证", exact: true }).click();
  await expect(page.getByText("动态验证码错误，请重试")).toBeVisible();
  await page.getByLabel("6 位动态验证码").fill(await generate({ secret: secret! }));
  await page.getByRole("button", { name: "验证", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toasts(page)).toContainText("登录成功");
});

test("an expired link in the callback hash fails in Chinese, never with the link's own description", async ({ page }) => {
  const description = "Email link is invalid or has expired";
  await page.goto(`/auth/callback#error=access_denied&error_code=otp_expired&error_description=${encodeURIComponent(description)}`);
  await expect(toasts(page)).toContainText("验证失败");
  await expect(toasts(page)).toContainText("验证链接已失效或已过期，请重新获取");
  await expect(toasts(page)).not.toContainText(description);
});

test("an expired link landing on the home page is moved to the callback and fails the same way", async ({ page }) => {
  await page.goto("/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired");
  await expect(toasts(page)).toContainText("验证失败");
  await expect(toasts(page)).toContainText("验证链接已失效或已过期，请重新获取");
});

test("a callback without anything to verify says the link is invalid", async ({ page }) => {
  await page.goto("/auth/callback");
  await expect(toasts(page)).toContainText("验证失败");
  await expect(toasts(page)).toContainText("邮箱验证链接无效或已过期");
});

test("the dev outbox lists messages", async ({ page }) => {
  await page.goto("/dev/outbox");
  await expect(page.getByRole("heading", { name: "开发发件箱", level: 1 })).toBeVisible();
});
