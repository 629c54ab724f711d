import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../test/embedded-app-env";

// Issue 30, finding 4: the demo account made at start-up carries the mark the auth service and the
// app recognise it by (an older one gets it too), and through supabase-js it cannot change itself.
const dataDir = stubEmbeddedAppEnv("demo-account", { DEV_OUTBOX: "on", ADMIN_EMAILS: "demo@example.com" });
const { demoAccount, ensureDemoAccount } = await import("./demo-account");
const { closeDatabase } = await import("@/lib/db");
const { getSupabaseConnection, serverClientOptions } = await import("@/lib/supabase/connection");
const { isListedAdmin } = await import("@/features/admin/server/admin-role");
const { createClient } = await import("@supabase/supabase-js");

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the demo account", () => {
  it("is marked when made (and when found unmarked), refuses changes, and is no operator though listed", async () => {
    const connection = await getSupabaseConnection();
    const noSession = { persistSession: false, autoRefreshToken: false };
    const admin = createClient(connection.url, connection.serviceRoleKey, { ...serverClientOptions(connection), auth: noSession });
    const account = demoAccount()!;
    // An installation from before the mark: the account exists without it.
    const old = await admin.auth.admin.createUser({ email: account.email, password: account.password, email_confirm: true });
    if (old.error) throw old.error;
    await ensureDemoAccount();
    const { data } = await admin.auth.admin.getUserById(old.data.user.id);
    expect(data.user?.app_metadata.demo).toBe(true);
    expect(isListedAdmin(data.user!, ["demo@example.com"])).toBe(false);

    const visitor = createClient(connection.url, connection.anonKey, { ...serverClientOptions(connection), auth: noSession });
    expect((await visitor.auth.signInWithPassword(account)).error).toBeNull();
    const { error } = await visitor.auth.updateUser({ password: "Taken-over-2026" });
    expect(error?.message).toBe("演示账号不能修改账号信息，请注册自己的账号。");
    expect((await visitor.auth.signInWithPassword(account)).error).toBeNull();
  });
});
