import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testTargetKinds } from "../../../test/database-targets";
import { createAuthHarness, type AuthHarness } from "./test-harness";

const hashParams = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));

/*
 * Account pre-hijacking under AUTH_AUTOCONFIRM: a squatter signs up with someone else's address and
 * is "confirmed" at once. When the mailbox's owner later proves the address (a link or code sent
 * there), whatever the squatter set up before the proof must not keep working: their password and
 * their sessions. (Issue 30: the operator role follows that proof.)
 */
describe.each(testTargetKinds())("a squatted, auto-confirmed address on %s", (kind) => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness(kind, { autoconfirm: true });
  });
  afterAll(() => h.close());

  it("loses the squatter's password, sessions and phone once the owner opens a magic link", async () => {
    const email = "owner@example.com";
    const squatter = h.client();
    const signUp = await squatter.auth.signUp({ email, password: "squatter-pass-1" });
    expect(signUp.error).toBeNull();
    const squatterSession = signUp.data.session!;
    expect(squatterSession.refresh_token).toBeTruthy();
    const second = await h.client().auth.signInWithPassword({ email, password: "squatter-pass-1" });
    expect(second.error).toBeNull();
    // A way back in that outlives a password: the squatter's own phone number on the account.
    const squatterPhone = "8613900000077";
    const phoneAdded = await squatter.auth.updateUser({ phone: squatterPhone });
    expect(phoneAdded.data.user?.phone).toBe(squatterPhone); // autoconfirm: no SMS asked

    // The owner asks for a sign-in link and opens it.
    const owner = h.client();
    expect((await owner.auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await h.lastMessage(email);
    const opened = await h.fetch(mail.link!, { redirect: "manual" });
    expect(opened.status).toBe(303);
    const params = hashParams(opened.headers.get("location")!);
    const ownerAccess = params.get("access_token")!;
    const ownerRefresh = params.get("refresh_token")!;
    expect(ownerAccess).toBeTruthy();

    const refreshed = await h.client().auth.refreshSession({ refresh_token: squatterSession.refresh_token });
    expect(refreshed.error).not.toBeNull();
    expect(refreshed.data.session).toBeNull();
    const otherRefresh = await h.client().auth.refreshSession({ refresh_token: second.data.session!.refresh_token });
    expect(otherRefresh.error).not.toBeNull();
    const squatterSignIn = await h.client().auth.signInWithPassword({ email, password: "squatter-pass-1" });
    expect(squatterSignIn.error).toMatchObject({ code: "invalid_credentials", status: 400 });
    const squatterUser = await h.client().auth.getUser(squatterSession.access_token);
    expect(squatterUser.error).not.toBeNull();

    // Nor does the phone the squatter attached lead to the owner's account any more.
    expect((await h.client().auth.signInWithOtp({ phone: squatterPhone })).error).toBeNull();
    const smsCode = (await h.lastMessage(`+${squatterPhone}`)).code!;
    const byPhone = await h.client().auth.verifyOtp({ phone: squatterPhone, token: smsCode, type: "sms" });
    expect(byPhone.data.user?.id).not.toBe(signUp.data.user!.id);
    const ownerView = await h.client().auth.getUser(ownerAccess);
    expect(ownerView.data.user?.phone ?? "").toBe("");
    expect(ownerView.data.user?.identities?.map((identity) => identity.provider)).toEqual(["email"]);

    // The owner's session works, and a new password set through it signs in (GoTrue's flow).
    await owner.auth.setSession({ access_token: ownerAccess, refresh_token: ownerRefresh });
    expect((await owner.auth.updateUser({ password: "owner-pass-2" })).error).toBeNull();
    const ownerSignIn = await h.client().auth.signInWithPassword({ email, password: "owner-pass-2" });
    expect(ownerSignIn.error).toBeNull();

    // Only the first proof resets: later links leave the owner's password and sessions alone.
    expect((await h.client().auth.signInWithOtp({ email })).error).toBeNull();
    const later = await h.lastMessage(email);
    expect((await h.fetch(later.link!, { redirect: "manual" })).status).toBe(303);
    expect((await h.client().auth.refreshSession({ refresh_token: ownerSignIn.data.session!.refresh_token })).error).toBeNull();
    expect((await h.client().auth.signInWithPassword({ email, password: "owner-pass-2" })).error).toBeNull();
  });

  it("keeps the password of an account whose address was proven at sign-up", async () => {
    const plain = await createAuthHarness(kind, { autoconfirm: false });
    try {
      const email = "proven@example.com";
      const client = plain.client();
      expect((await client.auth.signUp({ email, password: "proven-pass-1" })).error).toBeNull();
      const confirm = await plain.lastMessage(email);
      expect((await plain.fetch(confirm.link!, { redirect: "manual" })).status).toBe(303);
      const signIn = await plain.client().auth.signInWithPassword({ email, password: "proven-pass-1" });
      expect(signIn.error).toBeNull();
      expect((await plain.client().auth.signInWithOtp({ email })).error).toBeNull();
      const link = await plain.lastMessage(email);
      expect((await plain.fetch(link.link!, { redirect: "manual" })).status).toBe(303);
      expect((await plain.client().auth.refreshSession({ refresh_token: signIn.data.session!.refresh_token })).error).toBeNull();
      expect((await plain.client().auth.signInWithPassword({ email, password: "proven-pass-1" })).error).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
