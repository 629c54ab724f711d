import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// Issue 12 finding 7, in the browser: a link carrying another account's tokens in the hash, and an
// OAuth error whose description a crafted link chose.
const toasts = toastRegion;

test("a link with another account's tokens asks before switching, and names the signed-in account", async ({ page, playwright, baseURL }) => {
  const mine = await createConfirmedAccount(page.request);
  const theirs = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, mine);
  // The other account's tokens, as an attacker would put them in a link.
  const elsewhere = await playwright.request.newContext({ baseURL });
  const signedIn = await elsewhere.post("/api/auth/signin", { data: theirs });
  const { session } = (await signedIn.json()) as { session: { access_token: string; refresh_token: string } };
  await elsewhere.dispose();
  const link = `/auth/callback#access_token=${session.access_token}&refresh_token=${session.refresh_token}&type=magiclink`;

  await page.goto(link);
  const dialog = page.getByRole("dialog", { name: "切换账号？" });
  await expect(dialog).toContainText(`当前已登录：${mine.email}`);
  await expect(dialog).toContainText(`此链接属于：${theirs.email}`);
  await dialog.getByRole("button", { name: "保持当前账号" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toasts(page)).toContainText(`当前登录账号：${mine.email}`);

  await page.goto(link);
  await page.getByRole("dialog", { name: "切换账号？" }).getByRole("button", { name: "切换账号" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toasts(page)).toContainText(`当前登录账号：${theirs.email}`);
});

test("an OAuth error shows our own message, not the description the link carried", async ({ page }) => {
  const crafted = "账号已冻结，请拨打 400-000-0000";
  await page.goto(`/api/auth/oauth/callback?error=access_denied&error_description=${encodeURIComponent(crafted)}`);
  await expect(page.getByText("第三方登录失败：用户取消了授权")).toBeVisible();
  await page.goto(`/auth/signin?error=${encodeURIComponent(crafted)}`);
  await expect(page.getByText("第三方登录失败：第三方登录未完成")).toBeVisible();
  await expect(page.getByText(crafted)).toHaveCount(0);
});
