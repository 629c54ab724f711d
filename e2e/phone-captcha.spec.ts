import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// SMS pumping: past a few codes to one number block (AUTH_SMS_CAPTCHA_AFTER_PREFIX is 2 in
// playwright.config.ts) the sign-up form's 发送验证码 passes the proof-of-work human check by
// itself — challenge from /api/auth/captcha, solved in the browser — and the code still goes out.

// A block of its own for this run ("19" and 5 digits of the clock; the other specs' numbers start 13).
const block = `19${String(Date.now()).slice(-9, -4)}`;

async function requestCode(page: Page, local: string) {
  await page.goto("/auth/signup");
  await page.getByRole("tab", { name: "手机号" }).click();
  const panel = page.getByRole("tabpanel", { name: "手机号" });
  await panel.getByLabel("手机号").fill(local);
  await panel.getByRole("button", { name: "发送验证码" }).click();
  await expect(toastRegion(page)).toContainText("验证码已发送");
}

test("past the block threshold the phone-code form solves the proof of work and the code is sent", async ({ page }) => {
  await requestCode(page, `${block}0001`);
  await requestCode(page, `${block}0002`);

  // The first try is refused (428: a human check is needed), the form fetches a challenge, solves
  // it and sends again: the toast only follows a send the server accepted.
  const refused = page.waitForResponse((response) => response.url().endsWith("/api/auth/send-phone-code") && response.status() === 428);
  const challenge = page.waitForResponse((response) => response.url().endsWith("/api/auth/captcha") && response.ok());
  const accepted = page.waitForResponse((response) => response.url().endsWith("/api/auth/send-phone-code") && response.ok());
  await requestCode(page, `${block}0003`);
  await refused;
  expect(await (await challenge).json()).toMatchObject({ provider: "pow", difficulty: 12 });
  await accepted;
});
