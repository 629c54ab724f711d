import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";

export type TestAccount = { email: string; password: string };

type OutboxMessage = { to: string; link: string | null; code: string | null; kind: string };

/** The newest dev-outbox message to `to` (the e2e server runs with DEV_OUTBOX=on). */
export async function latestOutboxMessage(request: APIRequestContext, to: string): Promise<OutboxMessage> {
  let latest: OutboxMessage | undefined;
  await expect(async () => {
    const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(response.ok()).toBe(true);
    latest = ((await response.json()) as { messages: OutboxMessage[] }).messages[0];
    expect(latest).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return latest!;
}

/** Registers a new e-mail account and confirms it through the link in the dev outbox. */
export async function createConfirmedAccount(request: APIRequestContext): Promise<TestAccount> {
  const account = { email: `e2e-${randomUUID().slice(0, 8)}@example.com`, password: "Spark-e2e-2026" };
  const signUp = await request.post("/api/auth/signup", { data: { type: "email", ...account } });
  expect(signUp.ok()).toBe(true);
  const { link } = await latestOutboxMessage(request, account.email);
  expect(link).toBeTruthy();
  // The verify endpoint confirms the address, then redirects to /auth/callback with the session.
  await request.get(link!, { maxRedirects: 0 });
  return account;
}

/** Signs in through the app's API; the session cookies land in the page's browser context. */
export async function signInThroughApi(request: APIRequestContext, account: TestAccount): Promise<void> {
  const response = await request.post("/api/auth/signin", { data: { email: account.email, password: account.password } });
  expect(response.ok(), await response.text()).toBe(true);
}
