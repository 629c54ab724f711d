// First: sets up what next start does before anything else (see next-request-scope.ts).
import "@/features/auth/server/next-request-scope";
import { createClient } from "@supabase/supabase-js";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// Issue 30, finding 3: with AUTH_AUTOCONFIRM on, anyone may sign up with an ADMIN_EMAILS address and
// be "confirmed" at once. The operator role asks for the mailbox: a code or link sent there, used.
const LISTED = "ops@example.com";
const dataDir = stubEmbeddedAppEnv("admin-autoconfirm", {
  SESSION_CHECK_CACHE_MS: "0",
  ADMIN_EMAILS: LISTED,
  AUTH_AUTOCONFIRM: "on",
  AUTH_RATE_LIMIT_SIGN_IN: "1000/60",
  AUTH_MIN_MAIL_INTERVAL: "0",
  DEV_OUTBOX: "on",
});

const { closeDatabase, getDatabase, outboxMessages } = await import("@/lib/db");
const { grantListedAdmins } = await import("@/features/admin/server");
const { desc, eq } = await import("drizzle-orm");
const { startAdminTestKit } = await import("./admin-test-kit");
const { connection, service, cookieHeader, api } = await startAdminTestKit();
const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("an ADMIN_EMAILS address under AUTH_AUTOCONFIRM", () => {
  it("is no operator after a bare sign-up, and becomes one once a code sent to the mailbox is used", async () => {
    const stranger = createClient(connection.url, connection.anonKey, { global: { fetch: connection.fetch }, auth: noSession });
    const signUp = await stranger.auth.signUp({ email: LISTED, password: "Spark-stranger-2026" });
    expect(signUp.error).toBeNull();
    expect(signUp.data.user?.email_confirmed_at).toBeTruthy(); // autoconfirm: "confirmed", mailbox unread
    const strangerCookie = await cookieHeader(signUp.data.session!);
    const users = await api(strangerCookie, "GET", "users");
    expect(users.status).toBe(404);
    expect(signUp.data.user?.app_metadata.email_proof).toMatchObject({ method: "autoconfirm" });
    expect(await grantListedAdmins()).toEqual([]);
    expect((await service.auth.admin.getUserById(signUp.data.user!.id)).data.user?.app_metadata.role).toBeUndefined();

    // The mailbox's owner asks for a sign-in code and uses it.
    const owner = createClient(connection.url, connection.anonKey, { global: { fetch: connection.fetch }, auth: noSession });
    expect((await owner.auth.signInWithOtp({ email: LISTED })).error).toBeNull();
    const [mail] = await (await getDatabase())
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, LISTED))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    const verified = await owner.auth.verifyOtp({ email: LISTED, token: mail!.code!, type: "email" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.app_metadata.email_proof).toEqual({ method: "link", email: LISTED });
    expect((await api(await cookieHeader(verified.data.session!), "GET", "users")).status).toBe(200);
    expect((await service.auth.admin.getUserById(signUp.data.user!.id)).data.user?.app_metadata.role).toBe("admin");
    // The stranger's session and password ended with that proof: the account is the owner's alone.
    expect((await api(strangerCookie, "GET", "users")).status).not.toBe(200);
    const again = await stranger.auth.signInWithPassword({ email: LISTED, password: "Spark-stranger-2026" });
    expect(again.error?.code).toBe("invalid_credentials");
  });
});
