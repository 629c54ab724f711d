import { decodeJwt } from "jose";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testTargetKinds } from "../../../test/database-targets";
import { createAuthHarness, type AuthHarness } from "./test-harness";

describe.each(testTargetKinds())("embedded auth MFA and admin on %s", (kind) => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness(kind);
  });
  afterAll(() => h.close());

  it("enrolls, challenges and verifies a TOTP factor up to aal2, then unenrolls", async () => {
    await h.admin().auth.admin.createUser({ email: "mfa@example.com", password: "secret123", email_confirm: true });
    const supabase = h.client();
    await supabase.auth.signInWithPassword({ email: "mfa@example.com", password: "secret123" });
    const enrolled = await supabase.auth.mfa.enroll({ factorType: "totp", friendlyName: "手机" });
    expect(enrolled.error).toBeNull();
    const totp = enrolled.data!.type === "totp" ? enrolled.data!.totp : undefined;
    expect(totp?.qr_code.startsWith("data:image/svg+xml;utf-8,<svg")).toBe(true);
    expect(totp?.uri).toMatch(/^otpauth:\/\/totp\//);
    const challenge = await supabase.auth.mfa.challenge({ factorId: enrolled.data!.id });
    expect(challenge.error).toBeNull();
    const wrong = await supabase.auth.mfa.verify({ factorId: enrolled.data!.id, challengeId: challenge.data!.id, code: "000000" });
    expect(wrong.error?.message).toContain("Invalid TOTP code");
    const code = await generate({ secret: totp!.secret });
    const verified = await supabase.auth.mfa.verify({ factorId: enrolled.data!.id, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe("aal2");
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(["totp", "password"]);
    await supabase.auth.setSession(verified.data!);
    const level = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });

    const fresh = h.client();
    await fresh.auth.signInWithPassword({ email: "mfa@example.com", password: "secret123" });
    expect((await fresh.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const denied = await fresh.auth.mfa.unenroll({ factorId: enrolled.data!.id });
    expect(denied.error).toMatchObject({ code: "insufficient_aal" });
    const factors = await h.admin().auth.admin.mfa.listFactors({ userId: verified.data!.user.id });
    expect(factors.data?.factors).toHaveLength(1);
    const removed = await supabase.auth.mfa.unenroll({ factorId: enrolled.data!.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toMatchObject({ id: enrolled.data!.id });
  });

  it("enrolls a phone factor verified through SMS", async () => {
    await h.admin().auth.admin.createUser({ email: "mfa-phone@example.com", password: "secret123", email_confirm: true });
    const supabase = h.client();
    await supabase.auth.signInWithPassword({ email: "mfa-phone@example.com", password: "secret123" });
    const enrolled = await supabase.auth.mfa.enroll({ factorType: "phone", phone: "+8613900000009" });
    expect(enrolled.error).toBeNull();
    const challenge = await supabase.auth.mfa.challenge({ factorId: enrolled.data!.id });
    const sms = await h.lastMessage("+8613900000009");
    const verified = await supabase.auth.mfa.verify({ factorId: enrolled.data!.id, challengeId: challenge.data!.id, code: sms.code! });
    expect(verified.error).toBeNull();
    expect(decodeJwt(verified.data!.access_token).aal).toBe("aal2");
    const admin = h.admin();
    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId: verified.data!.user.id, id: enrolled.data!.id });
    expect(deleted.error).toBeNull();
  });

  it("creates, lists with pagination, gets, updates and deletes users", async () => {
    const admin = h.admin().auth.admin;
    const created = [];
    for (let i = 0; i < 3; i++) {
      const { data, error } = await admin.createUser({ email: `page${i}@example.com`, password: "secret123", user_metadata: { i } });
      expect(error).toBeNull();
      created.push(data.user!);
    }
    expect(created[0]!.email_confirmed_at).toBeUndefined();
    const duplicate = await admin.createUser({ email: "page0@example.com" });
    expect(duplicate.error).toMatchObject({ code: "email_exists", status: 422 });
    const page = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    expect(page.data).toMatchObject({ nextPage: 2 });
    expect((page.data as unknown as { total: number }).total).toBeGreaterThanOrEqual(3);
    const got = await admin.getUserById(created[1]!.id);
    expect(got.data.user?.email).toBe("page1@example.com");
    const updated = await admin.updateUserById(created[1]!.id, { email_confirm: true, user_metadata: { role: "测试" }, ban_duration: "24h" });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.email_confirmed_at).toBeTruthy();
    expect(updated.data.user?.banned_until).toBeTruthy();
    const banned = await h.client().auth.signInWithPassword({ email: "page1@example.com", password: "secret123" });
    expect(banned.error).toMatchObject({ code: "user_banned" });
    expect((await admin.deleteUser(created[2]!.id)).error).toBeNull();
    expect((await admin.getUserById(created[2]!.id)).error).toMatchObject({ code: "user_not_found", status: 404 });
    // auth-js checks UUIDs itself; the server answers GoTrue's error for other clients.
    const notUuid = await h.fetch("http://auth.test/auth/v1/admin/users/not-a-uuid", {
      headers: { authorization: `Bearer ${h.service.keys.serviceRoleKey}` },
    });
    expect(notUuid.status).toBe(404);
    expect(await notUuid.json()).toMatchObject({ error_code: "validation_failed", msg: "user_id must be an UUID" });
  });

  it("generates links and invites by e-mail", async () => {
    const admin = h.admin().auth.admin;
    const link = await admin.generateLink({ type: "magiclink", email: "page0@example.com", options: { redirectTo: "https://app.example.com/welcome" } });
    expect(link.error).toBeNull();
    expect(link.data.properties).toMatchObject({ verification_type: "magiclink", redirect_to: "https://app.example.com/welcome" });
    expect(link.data.properties?.action_link).toContain("/auth/v1/verify?token=");
    const verified = await h.client().auth.verifyOtp({ token_hash: link.data.properties!.hashed_token, type: "magiclink" });
    expect(verified.error).toBeNull();
    const recovery = await admin.generateLink({ type: "recovery", email: "ghost@example.com" });
    expect(recovery.error).toMatchObject({ code: "user_not_found" });

    const invited = await admin.inviteUserByEmail("invitee@example.com", { data: { plan: "free" } });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.invited_at).toBeTruthy();
    const mail = await h.lastMessage("invitee@example.com");
    expect(mail.kind).toBe("invite");
    const accepted = await h.client().auth.verifyOtp({ email: "invitee@example.com", token: mail.code!, type: "invite" });
    expect(accepted.error).toBeNull();
    const again = await admin.inviteUserByEmail("invitee@example.com");
    expect(again.error).toMatchObject({ code: "email_exists" });
  });

  it("refuses the anon key and user tokens on admin routes", async () => {
    const anon = await h.client().auth.admin.listUsers();
    expect(anon.error).toMatchObject({ code: "not_admin", status: 403 });
    const supabase = h.client();
    await supabase.auth.signInWithPassword({ email: "mfa@example.com", password: "secret123" });
    const token = (await supabase.auth.getSession()).data.session?.access_token;
    const response = await h.fetch("http://auth.test/auth/v1/admin/users", { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(403);
  });
});
