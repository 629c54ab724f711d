import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthHarness, type AuthHarness } from "./test-harness";

// Issue 12, finding 2: an attacker guessing e-mail / SMS / TOTP codes, and pumping SMS.
// Each test plays the attacker against the real service through supabase-js or fetch.

const generous = { max: 1000, windowSeconds: 600 };
const wrongCode = (right: string) => (right === "000000" ? "111111" : "000000");
/** Five different wrong 6-digit codes, none equal to `right`. */
const wrongCodes = (right: string) =>
  ["000000", "111111", "222222", "333333", "444444", "555555"].filter((code) => code !== right).slice(0, 5);

describe("codes that cannot be guessed", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", {
      rateLimits: { verify: generous, otp: generous, mfa: generous, signIn: generous, sms: generous },
      otpMaxAttempts: 5,
      mfaMaxAttemptsPerChallenge: 5,
      mfaFactorFailures: { max: 7, windowSeconds: 900 },
    });
  });
  afterAll(() => h.close());

  it("burns an e-mail code after 5 wrong tries: the right code then fails", async () => {
    const supabase = h.client();
    expect((await supabase.auth.signInWithOtp({ email: "victim@example.com" })).error).toBeNull();
    const { code } = await h.lastMessage("victim@example.com");
    for (const guess of wrongCodes(code!)) {
      const { error } = await supabase.auth.verifyOtp({ email: "victim@example.com", token: guess, type: "email" });
      expect(error).toMatchObject({ status: 403, code: "otp_expired" });
    }
    const right = await supabase.auth.verifyOtp({ email: "victim@example.com", token: code!, type: "email" });
    expect(right.error).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });
    expect(right.data.session).toBeNull();
  });

  it("burns an SMS code after 5 wrong tries", async () => {
    const supabase = h.client();
    expect((await supabase.auth.signInWithOtp({ phone: "+8613900000001" })).error).toBeNull();
    const { code } = await h.lastMessage("+8613900000001");
    for (const guess of wrongCodes(code!)) {
      await supabase.auth.verifyOtp({ phone: "+8613900000001", token: guess, type: "sms" });
    }
    const right = await supabase.auth.verifyOtp({ phone: "+8613900000001", token: code!, type: "sms" });
    expect(right.error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("keeps a code usable after fewer wrong tries than the cap", async () => {
    const supabase = h.client();
    await supabase.auth.signInWithOtp({ email: "typo@example.com" });
    const { code } = await h.lastMessage("typo@example.com");
    await supabase.auth.verifyOtp({ email: "typo@example.com", token: wrongCode(code!), type: "email" });
    const right = await supabase.auth.verifyOtp({ email: "typo@example.com", token: code!, type: "email" });
    expect(right.error).toBeNull();
  });

  async function totpUser(email: string) {
    await h.admin().auth.admin.createUser({ email, password: "secret123", email_confirm: true });
    const supabase = h.client();
    await supabase.auth.signInWithPassword({ email, password: "secret123" });
    const enrolled = await supabase.auth.mfa.enroll({ factorType: "totp" });
    const factorId = enrolled.data!.id;
    const secret = enrolled.data!.type === "totp" ? enrolled.data!.totp.secret : "";
    return { supabase, factorId, code: () => generate({ secret }) };
  }

  it("burns a TOTP challenge after 5 wrong codes; a new challenge is needed", async () => {
    const { supabase, factorId, code } = await totpUser("totp-burn@example.com");
    const challenge = await supabase.auth.mfa.challenge({ factorId });
    const right = await code();
    for (const guess of wrongCodes(right)) {
      const { error } = await supabase.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: guess });
      expect(error).toMatchObject({ code: "mfa_verification_failed" });
    }
    const burnt = await supabase.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: await code() });
    expect(burnt.error).toMatchObject({ status: 422, code: "mfa_challenge_expired" });
    const fresh = await supabase.auth.mfa.challenge({ factorId });
    const verified = await supabase.auth.mfa.verify({ factorId, challengeId: fresh.data!.id, code: await code() });
    expect(verified.error).toBeNull();
  });

  it("caps wrong TOTP codes per factor across challenges", async () => {
    const { supabase, factorId, code } = await totpUser("totp-spread@example.com");
    // 7 wrong codes spread over 4 challenges (never 5 on one): the factor's own cap is reached.
    for (const guesses of [2, 2, 2, 1]) {
      const challenge = await supabase.auth.mfa.challenge({ factorId });
      for (let i = 0; i < guesses; i++) {
        await supabase.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: wrongCode(await code()) });
      }
    }
    const next = await supabase.auth.mfa.challenge({ factorId });
    const right = await supabase.auth.mfa.verify({ factorId, challengeId: next.data!.id, code: await code() });
    expect(right.error).toMatchObject({ status: 429 });
    expect(right.data).toBeNull();
  });
});
