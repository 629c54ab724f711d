import { DEMO_ACCOUNT_READ_ONLY_MESSAGE, isDemoAccount } from "@/lib/demo-account-flag";
import { apiError } from "./errors";

/**
 * The demo account's password is published on the sign-in page: any visitor could change its
 * password, e-mail, phone, factors or linked accounts and lock the next visitor out (or take it).
 * Its account changes are refused (GoTrue's error shape, 403), by its app_metadata mark, which only
 * the service key can write.
 */
export function refuseDemoAccountChange(user: { appMetadata: Record<string, unknown> }): void {
  if (isDemoAccount(user.appMetadata)) throw apiError(403, "demo_account_read_only", DEMO_ACCOUNT_READ_ONLY_MESSAGE);
}
