import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeProtectedHeader, exportJWK, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authConfigFromEnv } from "./config";
import { createAuthHarness, TEST_URL, type AuthHarness } from "./test-harness";

// Issue 12, finding 8: where the embedded service answered differently from GoTrue.

describe("GoTrue protocol gaps", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite");
  });
  afterAll(() => h.close());

  it("keeps user_metadata as given: no sub / email / *_verified merged in, email_verified once confirmed", async () => {
    const supabase = h.client();
    const { data } = await supabase.auth.signUp({ email: "meta@example.com", password: "secret123", options: { data: { plan: "free" } } });
    expect(data.user?.user_metadata).toEqual({ plan: "free" });
    const { code } = await h.lastMessage("meta@example.com");
    const confirmed = await supabase.auth.verifyOtp({ email: "meta@example.com", token: code!, type: "signup" });
    expect(confirmed.data.user?.user_metadata).toEqual({ plan: "free", email_verified: true });
    // The identity still carries the provider's data.
    expect(confirmed.data.user?.identities?.[0]?.identity_data).toMatchObject({ email: "meta@example.com", email_verified: true });

    const phone = await supabase.auth.signUp({ phone: "+8613400000001", password: "secret123", options: { data: { plan: "free" } } });
    expect(phone.data.user?.user_metadata).toEqual({ plan: "free" });
  });

  it("answers GET /admin/users?page=-1 with 400 instead of clamping", async () => {
    const response = await h.fetch(`${TEST_URL}/auth/v1/admin/users?page=-1`, {
      headers: { apikey: h.service.keys.serviceRoleKey, authorization: `Bearer ${h.service.keys.serviceRoleKey}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: "validation_failed" });
  });
});

describe("disabled e-mail / phone sign-in switches", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", authConfigFromEnv({ AUTH_EMAIL_ENABLED: "false", AUTH_PHONE_ENABLED: "off" }));
  });
  afterAll(() => h.close());

  it("POST /otp honours them (422 email_provider_disabled, 400 phone_provider_disabled)", async () => {
    const email = await h.client().auth.signInWithOtp({ email: "nobody@example.com" });
    expect(email.error).toMatchObject({ status: 422, code: "email_provider_disabled" });
    const phone = await h.client().auth.signInWithOtp({ phone: "+8613400000002" });
    expect(phone.error).toMatchObject({ status: 400, code: "phone_provider_disabled" });
    expect((await h.admin().auth.admin.listUsers()).data.users).toHaveLength(0);
  });
});

describe("a JWK file as the Supabase CLI writes it", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: "cli-key", alg: "ES256", use: "sig", key_ops: ["sign", "verify"], ext: true };
    const file = path.join(mkdtempSync(path.join(tmpdir(), "auth-jwk-")), "signing_keys.json");
    writeFileSync(file, JSON.stringify([jwk]));
    h = await createAuthHarness("pglite", { jwksFile: file, autoconfirm: true });
  });
  afterAll(() => h.close());

  it("loads (a bare array, keys with key_ops) and signs with it", async () => {
    const { data, error } = await h.client().auth.signUp({ email: "cli@example.com", password: "secret123" });
    expect(error).toBeNull();
    expect(decodeProtectedHeader(data.session!.access_token).kid).toBe("cli-key");
    expect((await h.client().auth.getUser(data.session!.access_token)).error).toBeNull();
  });
});
