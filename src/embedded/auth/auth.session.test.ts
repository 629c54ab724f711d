import { SignJWT, generateKeyPair, decodeJwt, decodeProtectedHeader } from "jose";
import type { SupabaseClient } from "@supabase/supabase-js";
import { eq } from "drizzle-orm";
import { authSessions } from "@/lib/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testTargetKinds } from "../../../test/database-targets";
import { createAuthHarness, type AuthHarness } from "./test-harness";

async function signedInClient(h: AuthHarness, email: string) {
  const admin = h.admin();
  await admin.auth.admin.createUser({ email, password: "secret123", email_confirm: true });
  const supabase = h.client();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password: "secret123" });
  if (error) throw error;
  return { supabase, session: data.session! };
}

describe.each(testTargetKinds())("embedded auth sessions and tokens on %s", (kind) => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness(kind, { manualLinking: true, jwtSecret: "super-secret-jwt-token-with-at-least-32-characters-long" });
  });
  afterAll(() => h.close());

  it("puts GoTrue's claims in access tokens and verifies them with the JWKS", async () => {
    const { supabase, session } = await signedInClient(h, "claims@example.com");
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({ sub: session.user.id, aud: "authenticated", role: "authenticated", aal: "aal1", is_anonymous: false, email: "claims@example.com", phone: "" });
    expect(claims.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
    expect(claims.iss).toBe("http://auth.test/auth/v1");
    const jwks = await (await h.fetch("http://auth.test/auth/v1/.well-known/jwks.json")).json();
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", alg: "ES256", crv: "P-256" });
    expect(jwks.keys[0].d).toBeUndefined();
    const verified = await supabase.auth.getClaims(session.access_token);
    expect(verified.error).toBeNull();
    expect(verified.data?.claims.session_id).toBe(claims.session_id);
    expect((await h.service.verifyAccessToken(session.access_token)).sub).toBe(session.user.id);
    const user = await supabase.auth.getUser();
    expect(user.data.user?.id).toBe(session.user.id);
  });

  it("rotates refresh tokens and revokes the session on reuse", async () => {
    const { supabase, session } = await signedInClient(h, "rotate@example.com");
    const first = await supabase.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const second = await supabase.auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(second.error).toBeNull();
    expect(decodeJwt(second.data.session!.access_token).amr).toEqual(decodeJwt(session.access_token).amr);
    const reuse = await h.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error).toMatchObject({ code: "refresh_token_already_used" });
    const afterRevoke = await h.client().auth.refreshSession({ refresh_token: second.data.session!.refresh_token });
    expect(afterRevoke.error).toMatchObject({ code: "refresh_token_not_found" });
    const stale = await h.client().auth.getUser(second.data.session!.access_token);
    expect(stale.error).toMatchObject({ name: "AuthSessionMissingError" });
    const unknown = await h.client().auth.refreshSession({ refresh_token: "nope" });
    expect(unknown.error).toMatchObject({ code: "refresh_token_not_found" });
  });

  it("returns the active child for a concurrently re-presented token", async () => {
    const { supabase, session } = await signedInClient(h, "concurrent@example.com");
    const first = await supabase.auth.refreshSession({ refresh_token: session.refresh_token });
    const again = await h.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.data.session?.refresh_token).toBe(first.data.session?.refresh_token);
  });

  it("signs out locally, others and globally", async () => {
    const email = "logout@example.com";
    const { supabase: a } = await signedInClient(h, email);
    const b = h.client();
    const c = h.client();
    const sb = (await b.auth.signInWithPassword({ email, password: "secret123" })).data.session!;
    const sc = (await c.auth.signInWithPassword({ email, password: "secret123" })).data.session!;
    expect((await a.auth.signOut({ scope: "others" })).error).toBeNull();
    expect((await h.client().auth.getUser(sb.access_token)).error?.name).toBe("AuthSessionMissingError");
    expect((await a.auth.getUser()).error).toBeNull();
    const d = h.client();
    const sd = (await d.auth.signInWithPassword({ email, password: "secret123" })).data.session!;
    expect((await d.auth.signOut({ scope: "local" })).error).toBeNull();
    expect((await h.client().auth.refreshSession({ refresh_token: sd.refresh_token })).error?.code).toBe("refresh_token_not_found");
    expect((await a.auth.getUser()).error).toBeNull();
    expect((await a.auth.signOut()).error).toBeNull();
    expect((await h.client().auth.refreshSession({ refresh_token: sc.refresh_token })).error).not.toBeNull();
    const bad = await h.fetch("http://auth.test/auth/v1/logout?scope=bogus", { method: "POST", headers: { authorization: `Bearer ${sb.access_token}` } });
    expect(bad.status).toBe(403);
  });

  it("rejects tampered, alg:none, expired and wrong-key tokens", async () => {
    const { session } = await signedInClient(h, "jwt@example.com");
    const [header, payload, signature] = session.access_token.split(".");
    const claims = decodeJwt(session.access_token);
    const forged = Buffer.from(JSON.stringify({ ...claims, role: "service_role" })).toString("base64url");
    const call = (token: string, path = "/user") =>
      h.fetch(`http://auth.test/auth/v1${path}`, { headers: { authorization: `Bearer ${token}`, "X-Supabase-Api-Version": "2024-01-01" } });
    const tampered = await call(`${header}.${forged}.${signature}`, "/admin/users");
    expect(tampered.status).toBe(403);
    expect(await tampered.json()).toMatchObject({ code: "bad_jwt", message: expect.stringMatching(/^invalid JWT: unable to parse or verify signature/) });
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    expect((await call(none)).status).toBe(403);
    // The installation's own kid, signed by another key: the signature, not the lookup, must fail.
    const { kid } = decodeProtectedHeader(session.access_token);
    expect(kid).toBeTruthy();
    const { privateKey } = await generateKeyPair("ES256");
    const wrongKey = await new SignJWT({ ...claims }).setProtectedHeader({ alg: "ES256", kid }).sign(privateKey);
    const wrongKeyAnswer = await call(wrongKey);
    expect(wrongKeyAnswer.status).toBe(403);
    expect(await wrongKeyAnswer.json()).toMatchObject({ code: "bad_jwt" });
    const expiredToken = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("super-secret-jwt-token-with-at-least-32-characters-long"));
    const expired = await call(expiredToken);
    expect(expired.status).toBe(403);
    expect((await expired.json()).message).toContain("token is expired");
    const hsValid = await new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("super-secret-jwt-token-with-at-least-32-characters-long"));
    expect((await call(hsValid)).status).toBe(200);
    const noBearer = await h.fetch("http://auth.test/auth/v1/user");
    expect(noBearer.status).toBe(401);
    expect((await noBearer.json()).msg).toContain("Bearer token");
  });

  it("answers both error shapes and echoes the API version", async () => {
    const body = JSON.stringify({ email: "nobody@example.com", password: "x" });
    const legacy = await h.fetch("http://auth.test/auth/v1/token?grant_type=password", { method: "POST", body, headers: { "content-type": "application/json" } });
    expect(legacy.status).toBe(400);
    expect(await legacy.json()).toEqual({ code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" });
    expect(legacy.headers.get("x-supabase-api-version")).toBeNull();
    const current = await h.fetch("http://auth.test/auth/v1/token?grant_type=password", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "X-Supabase-Api-Version": "2024-01-01", origin: "http://localhost:3000" },
    });
    expect(await current.json()).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
    expect(current.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(current.headers.get("access-control-expose-headers")).toContain("X-Supabase-Api-Version");
    const badJson = await h.fetch("http://auth.test/auth/v1/signup", { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect((await badJson.json()).error_code).toBe("bad_json");
  });

  it("serves settings, health and provider errors", async () => {
    const settings = await (await h.fetch("http://auth.test/auth/v1/settings")).json();
    expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: false, external: { email: true, anonymous_users: false, google: false } });
    expect(await (await h.fetch("http://auth.test/auth/v1/health")).json()).toMatchObject({ name: "GoTrue" });
    const authorize = await h.fetch("http://auth.test/auth/v1/authorize?provider=github");
    expect(authorize.status).toBe(400);
    expect(await authorize.json()).toMatchObject({ error_code: "validation_failed", msg: "Unsupported provider: provider is not enabled" });
    const supabase = h.client();
    const idToken = await supabase.auth.signInWithIdToken({ provider: "google", token: "x" });
    expect(idToken.error?.message).toContain("not enabled");
    const anonymous = await supabase.auth.signInAnonymously();
    expect(anonymous.error?.message).toContain("Anonymous sign-ins are disabled");
  });

  it("unlinks identities with GoTrue's errors", async () => {
    const { supabase, session } = await signedInClient(h, "identity@example.com");
    const identities = await supabase.auth.getUserIdentities();
    const [emailIdentity] = identities.data!.identities;
    const single = await supabase.auth.unlinkIdentity(emailIdentity!);
    expect(single.error).toMatchObject({ code: "single_identity_not_deletable" });
    const missing = await supabase.auth.unlinkIdentity({ ...emailIdentity!, identity_id: "00000000-0000-4000-8000-000000000000" });
    expect(missing.error).toMatchObject({ code: "identity_not_found" });
    expect(session.user.identities?.[0]?.provider).toBe("email");
  });
});

describe("embedded auth rate limits and switches", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", {
      rateLimits: { signIn: { max: 3, windowSeconds: 60 } },
      disableSignup: true,
      minMailIntervalSeconds: 60,
      passwordChangeRequiresReauthentication: true,
    });
  });
  afterAll(() => h.close());

  it("refuses sign-ups when disabled", async () => {
    const { error } = await h.client().auth.signUp({ email: "new@example.com", password: "secret123" });
    expect(error?.message).toBe("Signups not allowed for this instance");
  });

  it("limits mails per user", async () => {
    await h.admin().auth.admin.createUser({ email: "mail@example.com", password: "secret123", email_confirm: true });
    const supabase = h.client();
    expect((await supabase.auth.resetPasswordForEmail("mail@example.com")).error).toBeNull();
    const second = await supabase.auth.resetPasswordForEmail("mail@example.com");
    expect(second.error).toMatchObject({ code: "over_email_send_rate_limit", status: 429 });
  });

  it("lets a session signed in within 24 hours change the password, and asks an older one for a nonce", async () => {
    await h.admin().auth.admin.createUser({ email: "nonce@example.com", password: "secret123", email_confirm: true });
    const supabase = h.client();
    const { data: signedIn } = await supabase.auth.signInWithPassword({ email: "nonce@example.com", password: "secret123" });
    expect((await supabase.auth.updateUser({ password: "fresh-secret" })).error).toBeNull();

    // The same session, signed in 25 hours ago.
    const sessionId = decodeJwt(signedIn.session!.access_token).session_id as string;
    await h.handle.db.update(authSessions).set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) }).where(eq(authSessions.id, sessionId));
    const missing = await supabase.auth.updateUser({ password: "another-secret" });
    expect(missing.error).toMatchObject({ code: "reauthentication_needed" });
    expect((await supabase.auth.reauthenticate()).error).toBeNull();
    const mail = await h.lastMessage("nonce@example.com");
    expect(mail.kind).toBe("reauthentication");
    const wrong = await supabase.auth.updateUser({ password: "another-secret", nonce: "000000" });
    expect(wrong.error).toMatchObject({ code: "reauthentication_not_valid" });
    const ok = await supabase.auth.updateUser({ password: "another-secret", nonce: mail.code! });
    expect(ok.error).toBeNull();
  });

  /** Wrong-password sign-ins, each for a new address, so only the IP bucket can fill up. */
  let attempt = 0;
  const wrongSignIn = async (supabase: SupabaseClient) =>
    (await supabase.auth.signInWithPassword({ email: `limit-${++attempt}@example.com`, password: "secret123" })).error;

  it("answers 429 over_request_rate_limit", async () => {
    const supabase = h.clientVia({ clientIp: "203.0.113.7" });
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await wrongSignIn(supabase));
    expect(attempts[2]?.code).toBe("invalid_credentials");
    expect(attempts[3]).toMatchObject({ code: "over_request_rate_limit", status: 429 });
    // The app's next visitor has a bucket of its own.
    expect((await wrongSignIn(h.clientVia({ clientIp: "203.0.113.8" })))?.code).toBe("invalid_credentials");
  });

  it("counts a direct caller by its socket address, whatever X-Forwarded-For it sends", async () => {
    const peer = { incoming: { socket: { remoteAddress: "198.51.100.5" } } };
    for (let i = 0; i < 3; i++) {
      expect((await wrongSignIn(h.clientVia(peer, { "x-forwarded-for": `192.0.2.${i}` })))?.code).toBe("invalid_credentials");
    }
    const forged = await wrongSignIn(h.clientVia(peer, { "x-forwarded-for": "192.0.2.99" }));
    expect(forged).toMatchObject({ code: "over_request_rate_limit", status: 429 });
  });

  it("believes the last X-Forwarded-For entry only from a hop on this machine", async () => {
    const local = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
    for (let i = 0; i < 3; i++) await wrongSignIn(h.clientVia(local, { "x-forwarded-for": `10.1.1.${i}, 198.51.100.20` }));
    const again = await wrongSignIn(h.clientVia(local, { "x-forwarded-for": "10.1.1.99, 198.51.100.20" }));
    expect(again).toMatchObject({ code: "over_request_rate_limit", status: 429 });
    expect((await wrongSignIn(h.clientVia(local, { "x-forwarded-for": "198.51.100.21" })))?.code).toBe("invalid_credentials");
  });
});
