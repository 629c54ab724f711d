import { rmSync } from "node:fs";
import { createClient } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../test/embedded-app-env";

// checkSession's hosted path (GoTrue's GET /user, then the admin API for a refused token's user),
// spoken to the embedded auth service over its HTTP protocol as if it were a hosted project.
const dataDir = stubEmbeddedAppEnv("session-check-hosted", { SESSION_CHECK_CACHE_MS: "0" });
const { checkSession } = await import("./session-check");
const { getSupabaseConnection, serverClientOptions } = await import("@/lib/supabase/connection");
const { closeDatabase } = await import("@/lib/db");

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

async function signedInUser(email: string) {
  const embedded = await getSupabaseConnection();
  const hosted = { ...embedded, mode: "hosted" as const };
  const admin = createClient(hosted.url, hosted.serviceRoleKey, { ...serverClientOptions(hosted), auth: noSession });
  const created = await admin.auth.admin.createUser({ email, password: "secret-password-1", email_confirm: true });
  if (created.error) throw created.error;
  const client = createClient(hosted.url, hosted.anonKey, { ...serverClientOptions(hosted), auth: noSession });
  const { data, error } = await client.auth.signInWithPassword({ email, password: "secret-password-1" });
  if (error) throw error;
  const token = data.session.access_token;
  return { hosted, admin, userId: created.data.user.id, token, claims: decodeJwt(token) };
}

describe("checkSession with a hosted auth service", () => {
  it("admits a live session", async () => {
    const { hosted, userId, token, claims } = await signedInUser("hosted-live@example.com");
    await expect(checkSession(hosted, claims, token)).resolves.toMatchObject({ state: "ok", userId });
  });

  it("says until when a banned user's token stops working, so the page can tell them why", async () => {
    const { hosted, admin, userId, token, claims } = await signedInUser("hosted-banned@example.com");
    expect((await admin.auth.admin.updateUserById(userId, { ban_duration: "24h" })).error).toBeNull();
    const verdict = await checkSession(hosted, claims, token);
    expect(verdict.state).toBe("signed_out");
    const bannedUntil = verdict.state === "signed_out" ? verdict.bannedUntil : undefined;
    expect(bannedUntil?.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it("is just signed out for a deleted user, or a token whose user id is forged", async () => {
    const { hosted, admin, userId, token, claims } = await signedInUser("hosted-deleted@example.com");
    expect((await admin.auth.admin.deleteUser(userId)).error).toBeNull();
    await expect(checkSession(hosted, claims, token)).resolves.toEqual({ state: "signed_out" });
    await expect(checkSession(hosted, { ...claims, sub: "not-a-uuid" }, "forged.token.value")).resolves.toEqual({ state: "signed_out" });
  });
});
