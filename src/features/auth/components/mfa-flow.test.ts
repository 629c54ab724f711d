import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthHarness, memoryStorage, type AuthHarness } from "@/embedded/auth/test-harness";

/**
 * The supabase-js calls the MFA screens make, in their order, against the embedded service: the
 * settings card enrols (QR code + secret, first code), the sign-in form detects aal2 is next and
 * asks for a code.
 */
describe("MFA screens' call sequence", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite");
  });
  afterAll(() => h.close());

  it("enrols TOTP in settings, then the next sign-in needs a code", async () => {
    const email = "mfa-ui@example.com";
    const password = "Spark-test-2026";
    await h.admin().auth.admin.createUser({ email, password, email_confirm: true });

    const settings = h.client({ persistSession: true, storage: memoryStorage() });
    await settings.auth.signInWithPassword({ email, password });
    // An abandoned enrolment is dropped before a new one starts.
    const abandoned = await settings.auth.mfa.enroll({ factorType: "totp" });
    expect(abandoned.error).toBeNull();
    const before = await settings.auth.mfa.listFactors();
    for (const stale of before.data!.all.filter((factor) => factor.status !== "verified")) {
      expect((await settings.auth.mfa.unenroll({ factorId: stale.id })).error).toBeNull();
    }
    const enrolled = await settings.auth.mfa.enroll({ factorType: "totp" });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data!.totp.qr_code).toMatch(/^data:image\/svg\+xml/);
    const secret = enrolled.data!.totp.secret;
    const verified = await settings.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: await generate({ secret }) });
    expect(verified.error).toBeNull();
    expect((await settings.auth.mfa.listFactors()).data!.all.filter((factor) => factor.status === "verified")).toHaveLength(1);

    // Sign-in: the API answers a session, the browser stores it, then checks the assurance level.
    const api = h.client();
    const { data: signedIn } = await api.auth.signInWithPassword({ email, password });
    const browser = h.client({ persistSession: true, storage: memoryStorage() });
    const stored = await browser.auth.setSession({ access_token: signedIn.session!.access_token, refresh_token: signedIn.session!.refresh_token });
    expect(stored.error).toBeNull();
    const aal = await browser.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const factorId = (await browser.auth.mfa.listFactors()).data!.totp.find((factor) => factor.status === "verified")!.id;
    const wrong = await browser.auth.mfa.challengeAndVerify({ factorId, code: "000000" });
    expect(wrong.error?.code).toBe("mfa_verification_failed");
    const ok = await browser.auth.mfa.challengeAndVerify({ factorId, code: await generate({ secret }) });
    expect(ok.error).toBeNull();
    expect((await browser.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal2");
  });

  it("changes the phone with an SMS code (phone_change) and signs out other sessions", async () => {
    const email = "phone-ui@example.com";
    const password = "Spark-test-2026";
    await h.admin().auth.admin.createUser({ email, password, email_confirm: true });
    const other = h.client({ persistSession: true, storage: memoryStorage() });
    await other.auth.signInWithPassword({ email, password });
    const browser = h.client({ persistSession: true, storage: memoryStorage() });
    await browser.auth.signInWithPassword({ email, password });

    const updated = await browser.auth.updateUser({ phone: "+8613800138000" });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.phone).not.toBe("8613800138000"); // pending until the code is entered
    const sms = await h.lastMessage("+8613800138000");
    expect(sms.kind).toBe("phone_change");
    const verified = await browser.auth.verifyOtp({ phone: "+8613800138000", token: sms.code!, type: "phone_change" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone).toBe("8613800138000");

    const named = await browser.auth.updateUser({ data: { display_name: "小火花" } });
    expect(named.data.user?.user_metadata.display_name).toBe("小火花");
    const cleared = await browser.auth.updateUser({ data: { display_name: null } });
    expect(cleared.data.user?.user_metadata.display_name).toBeUndefined();

    expect((await browser.auth.signOut({ scope: "others" })).error).toBeNull();
    expect((await browser.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser()).error).not.toBeNull();
  });
});
