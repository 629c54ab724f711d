import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { latestOutboxMessage, type TestAccount } from "./accounts";

/** The operator's account. The e2e server lists this address in ADMIN_EMAILS (playwright.config.ts). */
export const ADMIN: TestAccount = { email: "e2e-admin@example.com", password: "Spark-e2e-admin-2026" };

/**
 * Registers and confirms the operator's account once (a retry, or another spec, finds it there).
 * Specs on other workers may register the address at the same moment: a second sign-up replaces the
 * first mail's token, so a worker that followed the older link finds the account unconfirmed and
 * tries again, by which time one of them has confirmed it.
 */
export async function ensureAdminAccount(request: APIRequestContext): Promise<void> {
  await expect(async () => {
    const existing = await request.post("/api/auth/signin", { data: ADMIN });
    if (existing.ok()) return;
    const signUp = await request.post("/api/auth/signup", { data: { type: "email", ...ADMIN } });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const { link } = await latestOutboxMessage(request, ADMIN.email);
    await request.get(link!, { maxRedirects: 0 });
    const signIn = await request.post("/api/auth/signin", { data: ADMIN });
    expect(signIn.ok(), await signIn.text()).toBe(true);
  }).toPass({ timeout: 30_000 });
}

/** The console's 订单 list filtered to one buyer's address (the operator signed in on `page`): their one order's table. */
export async function filterOrdersByUser(page: Page, email: string): Promise<Locator> {
  await page.goto("/admin/orders");
  await page.getByLabel("用户", { exact: true }).fill(email);
  await page.getByRole("button", { name: "筛选" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?/);
  const table = page.getByRole("table", { name: "订单" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(email);
  return table;
}
