import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";
import { latestOutboxMessage, type TestAccount } from "./accounts";

/** The operator's account. The e2e server lists this address in ADMIN_EMAILS (playwright.config.ts). */
export const ADMIN: TestAccount = { email: "e2e-admin@example.com", password: "Spark-e2e-admin-2026" };

/** Registers and confirms the operator's account once (a retry, or another spec, finds it there). */
export async function ensureAdminAccount(request: APIRequestContext): Promise<void> {
  const existing = await request.post("/api/auth/signin", { data: ADMIN });
  if (existing.ok()) return;
  const signUp = await request.post("/api/auth/signup", { data: { type: "email", ...ADMIN } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const { link } = await latestOutboxMessage(request, ADMIN.email);
  await request.get(link!, { maxRedirects: 0 });
}
