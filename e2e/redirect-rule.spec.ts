import { expect, test } from "@playwright/test";

test.describe("redirect to /auth/callback", () => {
  test("an expired-link error at / in the query", async ({ page }) => {
    await page.goto("/?error=access_denied&error_code=otp_expired&error_description=link+expired");
    await expect(page).toHaveURL(/\/auth\/callback\?error=access_denied&error_code=otp_expired&error_description=link\+expired$/);
  });

  test("an expired-link error at / in the hash", async ({ page }) => {
    await page.goto("/#error=access_denied&error_code=otp_expired");
    await expect(page).toHaveURL(/\/auth\/callback#error=access_denied&error_code=otp_expired$/);
  });

  test("an access token in the query of any page", async ({ page }) => {
    await page.goto("/pricing?access_token=abc&refresh_token=def");
    await expect(page).toHaveURL(/\/auth\/callback\?access_token=abc&refresh_token=def$/);
  });

  test("an access token in the hash of any page", async ({ page }) => {
    await page.goto("/docs#access_token=abc&refresh_token=def&type=signup");
    await expect(page).toHaveURL(/\/auth\/callback#access_token=abc&refresh_token=def&type=signup$/);
  });

  test("ordinary visits stay where they are", async ({ page }) => {
    await page.goto("/pricing?error=access_denied&error_code=otp_expired");
    await expect(page).toHaveURL(/\/pricing\?error=access_denied&error_code=otp_expired$/);
    await page.goto("/#features");
    await expect(page).toHaveURL(/\/#features$/);
  });
});
