import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testTargetKinds } from "../../../test/database-targets";
import { createAuthHarness, memoryStorage, type AuthHarness } from "./test-harness";

const hashParams = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));

describe.each(testTargetKinds())("embedded auth sign-up flows on %s", (kind) => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness(kind);
  });
  afterAll(() => h.close());

  it("signs up by e-mail without a session until the outbox link is opened", async () => {
    const supabase = h.client();
    const { data, error } = await supabase.auth.signUp({ email: "Alice@Example.com", password: "secret123", options: { data: { name: "爱丽丝" } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email: "alice@example.com", phone: "", user_metadata: { name: "爱丽丝" } });
    // GoTrue keeps user_metadata as given: no identity data (sub, email, *_verified) merged in.
    expect(data.user?.user_metadata).toEqual({ name: "爱丽丝" });
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const signIn = await supabase.auth.signInWithPassword({ email: "alice@example.com", password: "secret123" });
    expect(signIn.error).toMatchObject({ code: "email_not_confirmed", status: 400 });

    const mail = await h.lastMessage("alice@example.com");
    expect(mail.subject).toContain("确认");
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(mail.code);
    const response = await h.fetch(mail.link!, { redirect: "manual" });
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location.startsWith("http://localhost:3000#")).toBe(true);
    const params = hashParams(location);
    expect(params.get("type")).toBe("signup");
    const user = await supabase.auth.getUser(params.get("access_token")!);
    expect(user.data.user?.email_confirmed_at).toBeTruthy();
    expect(user.data.user?.user_metadata.email_verified).toBe(true);

    const again = await supabase.auth.signInWithPassword({ email: "alice@example.com", password: "secret123" });
    expect(again.error).toBeNull();
    expect(again.data.session?.user.email).toBe("alice@example.com");
    // Re-used link is refused, with the error in the fragment.
    const reused = await h.fetch(mail.link!, { redirect: "manual" });
    const reusedParams = hashParams(reused.headers.get("location")!);
    expect(reusedParams.get("error_code")).toBe("otp_expired");
    expect(reusedParams.get("error")).toBe("access_denied");
  });

  it("confirms an e-mail sign-up with the code and hides already confirmed addresses", async () => {
    const supabase = h.client();
    await supabase.auth.signUp({ email: "bob@example.com", password: "secret123" });
    const mail = await h.lastMessage("bob@example.com");
    const wrong = await supabase.auth.verifyOtp({ email: "bob@example.com", token: "000000", type: "signup" });
    expect(wrong.error?.message).toBe("Token has expired or is invalid");
    const { data, error } = await supabase.auth.verifyOtp({ email: "bob@example.com", token: mail.code!, type: "signup" });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    const repeat = await supabase.auth.signUp({ email: "bob@example.com", password: "secret123" });
    expect(repeat.error).toBeNull();
    expect(repeat.data.user?.id).not.toBe(data.user?.id);
    expect(repeat.data.user?.identities).toEqual([]);
  });

  it("signs up by phone with an SMS code", async () => {
    const supabase = h.client();
    const { data, error } = await supabase.auth.signUp({ phone: "+8613800000001", password: "secret123" });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.phone).toBe("8613800000001");
    const sms = await h.lastMessage("+8613800000001");
    expect(sms.text).toContain(sms.code);
    const verified = await supabase.auth.verifyOtp({ phone: "+8613800000001", token: sms.code!, type: "sms" });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.phone_confirmed_at).toBeTruthy();
    const signIn = await supabase.auth.signInWithPassword({ phone: "+8613800000001", password: "secret123" });
    expect(signIn.error).toBeNull();
  });

  it("rejects weak passwords with reasons and bad addresses", async () => {
    const supabase = h.client();
    const weak = await supabase.auth.signUp({ email: "weak@example.com", password: "123" });
    expect(weak.error).toMatchObject({ name: "AuthWeakPasswordError", code: "weak_password", status: 422, reasons: ["length"] });
    expect(weak.error?.message).toContain("Password should be at least 6 characters");
    const invalid = await supabase.auth.signUp({ email: "xx:;x@x.x", password: "secret123" });
    expect(invalid.error?.message).toContain("Unable to validate email address: invalid format");
    const wrong = await supabase.auth.signInWithPassword({ email: "nobody@example.com", password: "secret123" });
    expect(wrong.error).toMatchObject({ code: "invalid_credentials", message: "Invalid login credentials" });
  });

  it("completes the PKCE flow with exchangeCodeForSession", async () => {
    const supabase = h.client({ flowType: "pkce", storage: memoryStorage(), persistSession: true });
    const { error } = await supabase.auth.signUp({
      email: "pkce@example.com",
      password: "secret123",
      options: { emailRedirectTo: "https://app.example.com/auth/callback" },
    });
    expect(error).toBeNull();
    const mail = await h.lastMessage("pkce@example.com");
    expect(mail.link).toContain("token=pkce_");
    const response = await h.fetch(mail.link!, { redirect: "manual" });
    const location = new URL(response.headers.get("location")!);
    expect(location.origin + location.pathname).toBe("https://app.example.com/auth/callback");
    const code = location.searchParams.get("code")!;
    const exchanged = await supabase.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe("pkce@example.com");
    const again = await h.client({ flowType: "pkce", storage: memoryStorage(), persistSession: true }).auth.exchangeCodeForSession(code);
    expect(again.error).not.toBeNull();
  });

  it("sends magic links and OTP codes", async () => {
    const supabase = h.client();
    const unknown = await supabase.auth.signInWithOtp({ email: "ghost@example.com", options: { shouldCreateUser: false } });
    expect(unknown.error).toMatchObject({ code: "otp_disabled" });
    expect((await supabase.auth.signInWithOtp({ email: "alice@example.com" })).error).toBeNull();
    const mail = await h.lastMessage("alice@example.com");
    expect(mail.kind).toBe("magiclink");
    const { data, error } = await supabase.auth.verifyOtp({ email: "alice@example.com", token: mail.code!, type: "email" });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe("alice@example.com");
  });

  it("recovers a password and updates it", async () => {
    const supabase = h.client();
    expect((await supabase.auth.resetPasswordForEmail("nobody@example.com")).error).toBeNull();
    expect((await supabase.auth.resetPasswordForEmail("alice@example.com", { redirectTo: "https://evil.example.net/x" })).error).toBeNull();
    const mail = await h.lastMessage("alice@example.com");
    expect(mail.kind).toBe("recovery");
    // redirect_to outside the allow-list falls back to the site URL.
    expect(decodeURIComponent(mail.link!)).toContain("redirect_to=http://localhost:3000");
    const response = await h.fetch(mail.link!, { redirect: "manual" });
    const params = hashParams(response.headers.get("location")!);
    expect(params.get("type")).toBe("recovery");
    const session = await supabase.auth.setSession({ access_token: params.get("access_token")!, refresh_token: params.get("refresh_token")! });
    expect(session.error).toBeNull();
    const same = await supabase.auth.updateUser({ password: "secret123" });
    expect(same.error).toMatchObject({ code: "same_password" });
    const updated = await supabase.auth.updateUser({ password: "new-secret-456" });
    expect(updated.error).toBeNull();
    expect((await h.client().auth.signInWithPassword({ email: "alice@example.com", password: "new-secret-456" })).error).toBeNull();
  });

  it("changes the e-mail address after confirmation", async () => {
    const supabase = h.client();
    await supabase.auth.signInWithPassword({ email: "bob@example.com", password: "secret123" });
    const { data, error } = await supabase.auth.updateUser({ email: "bob.new@example.com", data: { name: "鲍勃" } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: "bob@example.com", new_email: "bob.new@example.com", user_metadata: { name: "鲍勃" } });
    const taken = await supabase.auth.updateUser({ email: "alice@example.com" });
    expect(taken.error).toMatchObject({ code: "email_exists" });
    const mail = await h.lastMessage("bob.new@example.com");
    const verified = await supabase.auth.verifyOtp({ email: "bob.new@example.com", token: mail.code!, type: "email_change" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe("bob.new@example.com");
  });
});
