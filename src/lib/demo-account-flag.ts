/*
 * The demo account (src/features/auth/server/demo-account.ts) is known by one mark: `demo: true` in
 * its app_metadata, set when it is created (app_metadata is writable only with the service key).
 * The embedded auth refuses its account changes by it, and the app by it too. No `server-only`: the
 * embedded auth and scripts import it.
 */

export const DEMO_ACCOUNT_FLAG = "demo";

/** Shown (and answered by the auth service) when the demo account tries to change itself. */
export const DEMO_ACCOUNT_READ_ONLY_MESSAGE = "演示账号不能修改账号信息，请注册自己的账号。";

export function isDemoAccount(appMetadata: unknown): boolean {
  return (appMetadata as Record<string, unknown> | null | undefined)?.[DEMO_ACCOUNT_FLAG] === true;
}
