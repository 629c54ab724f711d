import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthHarness, type AuthHarness } from "./test-harness";

// Issue 12, finding 4: an attacker signs up again with the victim's still-unconfirmed address,
// hoping the victim's confirmation then opens an account with the attacker's password.

describe("a repeat sign-up of an unconfirmed account", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", { minMailIntervalSeconds: 60 });
  });
  afterAll(() => h.close());

  it("leaves the e-mail user's password and metadata untouched, even when it answers 429", async () => {
    const owner = h.client();
    const first = await owner.auth.signUp({ email: "owner@example.com", password: "owner-secret", options: { data: { name: "主人" } } });
    expect(first.error).toBeNull();
    const attacker = await h.clientVia({ clientIp: "203.0.113.66" }).auth.signUp({
      email: "owner@example.com",
      password: "attacker-secret",
      options: { data: { name: "攻击者" } },
    });
    // Within the resend interval: GoTrue's answer for the confirmation it will not re-send yet.
    expect(attacker.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });

    // The owner confirms with the code from the (only) mail.
    const { code } = await h.lastMessage("owner@example.com");
    const confirmed = await owner.auth.verifyOtp({ email: "owner@example.com", token: code!, type: "signup" });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.user_metadata.name).toBe("主人");

    const asAttacker = await h.client().auth.signInWithPassword({ email: "owner@example.com", password: "attacker-secret" });
    expect(asAttacker.error).toMatchObject({ code: "invalid_credentials" });
    const asOwner = await h.client().auth.signInWithPassword({ email: "owner@example.com", password: "owner-secret" });
    expect(asOwner.error).toBeNull();
  });

  it("re-sends the confirmation after the interval and still changes nothing", async () => {
    const quick = await createAuthHarness("pglite", { minMailIntervalSeconds: 0 });
    try {
      await quick.client().auth.signUp({ email: "later@example.com", password: "owner-secret", options: { data: { name: "主人" } } });
      const again = await quick.client().auth.signUp({ email: "later@example.com", password: "attacker-secret", options: { data: { name: "攻击者" } } });
      expect(again.error).toBeNull();
      expect(again.data.user).toMatchObject({ email: "later@example.com", user_metadata: { name: "主人" } });
      expect(again.data.session).toBeNull();
      const { code } = await quick.lastMessage("later@example.com");
      expect((await quick.client().auth.verifyOtp({ email: "later@example.com", token: code!, type: "signup" })).error).toBeNull();
      const asAttacker = await quick.client().auth.signInWithPassword({ email: "later@example.com", password: "attacker-secret" });
      expect(asAttacker.error).toMatchObject({ code: "invalid_credentials" });
    } finally {
      await quick.close();
    }
  });

  it("leaves an unconfirmed phone user untouched too", async () => {
    const first = await h.client().auth.signUp({ phone: "+8613500000001", password: "owner-secret", options: { data: { name: "主人" } } });
    expect(first.error).toBeNull();
    const { code } = await h.lastMessage("+8613500000001");
    const attacker = await h.client().auth.signUp({ phone: "+8613500000001", password: "attacker-secret", options: { data: { name: "攻击者" } } });
    expect(attacker.error).toMatchObject({ status: 429, code: "over_sms_send_rate_limit" });
    const confirmed = await h.client().auth.verifyOtp({ phone: "+8613500000001", token: code!, type: "sms" });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.user_metadata).toEqual({ name: "主人" });
    const asAttacker = await h.client().auth.signInWithPassword({ phone: "+8613500000001", password: "attacker-secret" });
    expect(asAttacker.error).toMatchObject({ code: "invalid_credentials" });
  });
});
