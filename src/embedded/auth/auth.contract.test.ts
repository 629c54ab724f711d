import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthHarness, type AuthHarness } from "./test-harness";

// Contract points of the GoTrue protocol beyond the main flows, through supabase-js.

describe("embedded auth: resend, grants and refresh grace", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", {
      refreshTokenReuseIntervalSeconds: 60,
      passwordRequiredCharacters: ["abcdefghijklmnopqrstuvwxyz", "0123456789"],
      smsTestOtps: { "8613900000002": "246810" },
    });
  });
  afterAll(() => h.close());

  it("resends the sign-up mail with a new code (POST /resend)", async () => {
    const supabase = h.client();
    expect((await supabase.auth.signUp({ email: "resend@example.com", password: "secret123" })).error).toBeNull();
    const first = await h.lastMessage("resend@example.com");
    const { error } = await supabase.auth.resend({ type: "signup", email: "resend@example.com" });
    expect(error).toBeNull();
    const second = await h.lastMessage("resend@example.com");
    expect(second.id).not.toBe(first.id);
    expect(second.kind).toBe("signup");
    const verified = await supabase.auth.verifyOtp({ email: "resend@example.com", token: second.code!, type: "signup" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    // Nothing to resend for a confirmed address; the answer does not say so.
    expect((await supabase.auth.resend({ type: "signup", email: "resend@example.com" })).error).toBeNull();
    expect((await h.lastMessage("resend@example.com")).id).toBe(second.id);
  });

  it("resends and verifies a phone change on the new number", async () => {
    await h.admin().auth.admin.createUser({ email: "mover@example.com", password: "secret123", email_confirm: true });
    const supabase = h.client();
    await supabase.auth.signInWithPassword({ email: "mover@example.com", password: "secret123" });
    expect((await supabase.auth.updateUser({ phone: "8613900000001" })).error).toBeNull();
    const first = await h.lastMessage("+8613900000001");
    expect((await supabase.auth.resend({ type: "phone_change", phone: "8613900000001" })).error).toBeNull();
    const second = await h.lastMessage("+8613900000001");
    expect(second.id).not.toBe(first.id);
    expect(second.kind).toBe("phone_change");
    const verified = await supabase.auth.verifyOtp({ phone: "8613900000001", token: second.code!, type: "phone_change" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone).toBe("8613900000001");
  });

  it("accepts an SMS test OTP for a phone change", async () => {
    await h.admin().auth.admin.createUser({ email: "tester@example.com", password: "secret123", email_confirm: true });
    const supabase = h.client();
    await supabase.auth.signInWithPassword({ email: "tester@example.com", password: "secret123" });
    expect((await supabase.auth.updateUser({ phone: "8613900000002" })).error).toBeNull();
    const wrong = await supabase.auth.verifyOtp({ phone: "8613900000002", token: "135790", type: "phone_change" });
    expect(wrong.error).toMatchObject({ code: "otp_expired" });
    const verified = await supabase.auth.verifyOtp({ phone: "8613900000002", token: "246810", type: "phone_change" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone).toBe("8613900000002");
    expect(verified.data.user?.phone_confirmed_at).toBeTruthy();
  });

  it("names the missing character groups (weak_password `characters`)", async () => {
    const { error } = await h.client().auth.signUp({ email: "letters@example.com", password: "onlyletters" });
    expect(error).toMatchObject({ name: "AuthWeakPasswordError", code: "weak_password", status: 422, reasons: ["characters"] });
    const both = await h.client().auth.signUp({ email: "short@example.com", password: "abc" });
    expect(both.error).toMatchObject({ code: "weak_password", reasons: expect.arrayContaining(["length", "characters"]) });
  });

  it("refuses web3 and SSO sign-ins that are not configured", async () => {
    const web3 = await h.client().auth.signInWithWeb3({ chain: "ethereum", message: "example.com wants you to sign in", signature: "0x00" });
    expect(web3.error).toMatchObject({ code: "web3_provider_disabled", status: 422 });
    const sso = await h.client().auth.signInWithSSO({ domain: "example.com" });
    expect(sso.error).toMatchObject({ code: "saml_provider_disabled", status: 404 });
  });

  it("re-presenting a spent refresh token inside the grace interval answers a session and revokes nothing", async () => {
    await h.admin().auth.admin.createUser({ email: "grace@example.com", password: "secret123", email_confirm: true });
    const { data } = await h.client().auth.signInWithPassword({ email: "grace@example.com", password: "secret123" });
    const original = data.session!.refresh_token;
    const first = await h.client().auth.refreshSession({ refresh_token: original });
    const second = await h.client().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(second.error).toBeNull();
    // `original` is spent and its child too: outside the interval this would revoke the session.
    const again = await h.client().auth.refreshSession({ refresh_token: original });
    expect(again.error).toBeNull();
    expect(again.data.session?.user.email).toBe("grace@example.com");
    const latest = await h.client().auth.refreshSession({ refresh_token: second.data.session!.refresh_token });
    expect(latest.error).toBeNull();
    expect((await h.client().auth.getUser(latest.data.session!.access_token)).error).toBeNull();
  });
});

describe("embedded auth: 429 over_request_rate_limit on sign-up, OTP and resend", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    const twoPerMinute = { max: 2, windowSeconds: 60 };
    h = await createAuthHarness("pglite", { rateLimits: { signUp: twoPerMinute, otp: twoPerMinute, resend: twoPerMinute } });
  });
  afterAll(() => h.close());

  // Each call names a new address, so only the caller's IP bucket fills up.
  let n = 0;
  const next = () => `rate-${++n}@example.com`;
  const calls = {
    signUp: (ip: string) => h.clientVia({ clientIp: ip }).auth.signUp({ email: next(), password: "secret123" }),
    otp: (ip: string) => h.clientVia({ clientIp: ip }).auth.signInWithOtp({ email: next() }),
    resend: (ip: string) => h.clientVia({ clientIp: ip }).auth.resend({ type: "signup", email: next() }),
  };

  for (const [name, call] of Object.entries(calls)) {
    it(`limits ${name} per client IP`, async () => {
      const ip = `198.51.100.${n + 1}`;
      expect((await call(ip)).error).toBeNull();
      expect((await call(ip)).error).toBeNull();
      expect((await call(ip)).error).toMatchObject({ code: "over_request_rate_limit", status: 429 });
      expect((await call(`203.0.113.${n + 1}`)).error).toBeNull();
    });
  }
});
