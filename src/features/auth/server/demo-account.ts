import "server-only";
import { findUserByEmail } from "@/lib/supabase/admin-users";
import { DEMO_ACCOUNT_FLAG, isDemoAccount } from "@/lib/demo-account-flag";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { getSupabaseConnection } from "@/lib/supabase/connection";
import { isDevOutboxEnabled } from "@/lib/supabase/dev-outbox";

export type DemoAccount = { email: string; password: string };

/** A ready account for a newcomer's first run: shown on the sign-in page, never in a real deployment. */
const DEMO_ACCOUNT: DemoAccount = { email: "demo@example.com", password: "Spark-Demo-2026" };

/**
 * The demo account exists where the dev outbox does (`npm run dev`, or a private demo with
 * DEV_OUTBOX=on): places where anyone may already read every account's mail, so a published
 * password gives nothing away.
 */
export function demoAccount(): DemoAccount | null {
  return isDevOutboxEnabled() ? DEMO_ACCOUNT : null;
}

/**
 * Creates the demo account (confirmed) unless it exists, marked `app_metadata.demo` (see
 * src/lib/demo-account-flag.ts: its account changes are refused, it is nobody's operator, its API
 * keys live a day); an existing one made before the mark gets it. Called at start-up.
 */
export async function ensureDemoAccount(): Promise<void> {
  const account = demoAccount();
  if (!account) return;
  const admin = await createSupabaseAdminClient();
  const { error } = await admin.auth.admin.createUser({
    email: account.email,
    password: account.password,
    email_confirm: true,
    user_metadata: { display_name: "演示用户" },
    app_metadata: { [DEMO_ACCOUNT_FLAG]: true },
  });
  if (!error) return;
  if (error.code !== "email_exists" && error.status !== 422) throw error;
  const existing = await findUserByEmail(await getSupabaseConnection(), account.email);
  if (!existing || isDemoAccount(existing.app_metadata)) return;
  const marked = await admin.auth.admin.updateUserById(existing.id, { app_metadata: { ...existing.app_metadata, [DEMO_ACCOUNT_FLAG]: true } });
  if (marked.error) throw marked.error;
}
