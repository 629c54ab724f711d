import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * Visits `from` and checks that the browser is sent to `to`. The callback page then acts on what it
 * was given (these fake tokens fail verification and it moves on), so the test waits for the
 * navigation to the callback itself rather than for the final address.
 */
async function expectRedirect(page: Page, from: string, to: RegExp) {
  const reached = page.waitForURL(to, { waitUntil: "commit" });
  await page.goto(from);
  await reached;
}

test.describe("redirect to /auth/callback", () => {
  test("an expired-link error at / in the query", async ({ page }) => {
    await expectRedirect(
      page,
      "/?error=access_denied&error_code=otp_expired&error_description=link+expired",
      /\/auth\/callback\?error=access_denied&error_code=otp_expired&error_description=link\+expired$/,
    );
  });

  test("an expired-link error at / in the hash", async ({ page }) => {
    await expectRedirect(page, "/#error=access_denied&error_code=otp_expired", /\/auth\/callback#error=access_denied&error_code=otp_expired$/);
  });

  test("an access token in the query of any page", async ({ page }) => {
    await expectRedirect(page, "/pricing?access_token=abc&refresh_token=def", /\/auth\/callback\?access_token=abc&refresh_token=def$/);
  });

  test("an access token in the hash of any page", async ({ page }) => {
    await expectRedirect(page, "/docs#access_token=abc&refresh_token=def&type=signup", /\/auth\/callback#access_token=abc&refresh_token=def&type=signup$/);
  });

  test("ordinary visits stay where they are", async ({ page }) => {
    await page.goto("/pricing?error=access_denied&error_code=otp_expired");
    await expect(page).toHaveURL(/\/pricing\?error=access_denied&error_code=otp_expired$/);
    await page.goto("/#features");
    await expect(page).toHaveURL(/\/#features$/);
  });
});
