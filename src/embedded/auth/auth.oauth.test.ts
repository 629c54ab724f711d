import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthHarness, memoryStorage, TEST_URL, type AuthHarness } from "./test-harness";

// A fake OAuth 2.0 provider over real HTTP (the auth service calls it server-side): codes are
// handed out by the test, traded for tokens at /token, and tokens name a profile at /userinfo.
type Profile = Record<string, unknown>;

function startFakeProvider() {
  const codes = new Map<string, Profile>();
  const tokens = new Map<string, Profile>();
  const app = new Hono();
  app.post("/token", async (c) => {
    const form = await c.req.parseBody();
    const profile = codes.get(String(form.code));
    if (form.client_id !== "spark-client" || form.client_secret !== "spark-secret" || !profile) return c.json({ error: "invalid_grant" }, 400);
    if (form.redirect_uri !== `${TEST_URL}/auth/v1/callback`) return c.json({ error: "redirect_uri_mismatch" }, 400);
    codes.delete(String(form.code));
    const token = `token-${tokens.size + 1}`;
    tokens.set(token, profile);
    return c.json({ access_token: token, token_type: "bearer" });
  });
  app.get("/userinfo", (c) => {
    const profile = tokens.get((c.req.header("authorization") ?? "").replace(/^Bearer /, ""));
    return profile ? c.json(profile) : c.json({ error: "invalid_token" }, 401);
  });
  let server: ReturnType<typeof serve> | undefined;
  const ready = new Promise<string>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
  });
  let next = 0;
  return {
    ready,
    /** The provider's consent: a one-time code for this profile. */
    consent(profile: Profile) {
      next += 1;
      codes.set(`code-${next}`, profile);
      return `code-${next}`;
    },
    close: () => new Promise<void>((resolve) => server?.close(() => resolve())),
  };
}

const provider = startFakeProvider();
let h: AuthHarness;
const APP_CALLBACK = "https://app.example.com/auth/callback";

beforeAll(async () => {
  const origin = await provider.ready;
  h = await createAuthHarness("pglite", {
    autoconfirm: true,
    manualLinking: true,
    externalProviders: {
      github: {
        clientId: "spark-client",
        clientSecret: "spark-secret",
        authorizeUrl: `${origin}/authorize`,
        tokenUrl: `${origin}/token`,
        userInfoUrl: `${origin}/userinfo`,
        scopes: "read:user user:email",
      },
    },
  });
});
afterAll(async () => {
  await h.close();
  await provider.close();
});

/** Follows /authorize to the provider and returns the `state` it was given. */
async function stateFrom(authorizeUrl: string): Promise<string> {
  const response = await h.fetch(authorizeUrl, { redirect: "manual" });
  expect(response.status).toBe(302);
  return stateOf(response.headers.get("location")!);
}

/** The provider's consent URL as the service built it; answers its `state`. */
function stateOf(url: string): string {
  const consentUrl = new URL(url);
  expect(consentUrl.pathname).toBe("/authorize");
  expect(consentUrl.searchParams.get("client_id")).toBe("spark-client");
  expect(consentUrl.searchParams.get("redirect_uri")).toBe(`${TEST_URL}/auth/v1/callback`);
  expect(consentUrl.searchParams.get("scope")).toBe("read:user user:email");
  return consentUrl.searchParams.get("state")!;
}

/** The provider sends the browser back: the service answers with a redirect to the app. */
async function callback(params: Record<string, string>): Promise<URL> {
  const response = await h.fetch(`${TEST_URL}/auth/v1/callback?${new URLSearchParams(params)}`, { redirect: "manual" });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

async function pkceSignIn(profile: Profile) {
  const supabase = h.client({ flowType: "pkce", storage: memoryStorage() });
  const { data, error } = await supabase.auth.signInWithOAuth({ provider: "github", options: { redirectTo: APP_CALLBACK, skipBrowserRedirect: true } });
  expect(error).toBeNull();
  const state = await stateFrom(data.url!);
  const back = await callback({ code: provider.consent(profile), state });
  expect(back.origin + back.pathname).toBe(APP_CALLBACK);
  return { supabase, back };
}

describe("OAuth sign-in through a configured provider", () => {
  it("signs a new user up with PKCE: code in the query, exchanged by supabase-js", async () => {
    const { supabase, back } = await pkceSignIn({ id: 4242, login: "xiaoming", name: "小明", email: "Xiaoming@Example.com", email_verified: true, avatar_url: "https://img.example.com/a.png" });
    const { data, error } = await supabase.auth.exchangeCodeForSession(back.searchParams.get("code")!);
    expect(error).toBeNull();
    const user = data.user!;
    expect(user).toMatchObject({ email: "xiaoming@example.com", app_metadata: { provider: "github", providers: ["github"] } });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.user_metadata).toMatchObject({ name: "小明", avatar_url: "https://img.example.com/a.png", provider_id: "4242" });
    expect(user.identities?.map((identity) => [identity.provider, identity.id])).toEqual([["github", "4242"]]);
    const claims = await supabase.auth.getClaims();
    expect(claims.data?.claims.amr).toEqual([expect.objectContaining({ method: "oauth" })]);

    // The same provider account signs in to the same user next time.
    const again = await pkceSignIn({ id: 4242, login: "xiaoming", email: "xiaoming@example.com", email_verified: true });
    const second = await again.supabase.auth.exchangeCodeForSession(again.back.searchParams.get("code")!);
    expect(second.data.user?.id).toBe(user.id);
  });

  it("gives the implicit flow its session in the fragment", async () => {
    const supabase = h.client();
    const { data } = await supabase.auth.signInWithOAuth({ provider: "github", options: { redirectTo: APP_CALLBACK, skipBrowserRedirect: true } });
    const back = await callback({ code: provider.consent({ sub: "implicit-1", email: "implicit@example.com", email_verified: true }), state: await stateFrom(data.url!) });
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get("token_type")).toBe("bearer");
    const { data: found } = await supabase.auth.getUser(fragment.get("access_token")!);
    expect(found.user?.email).toBe("implicit@example.com");
    const refreshed = await supabase.auth.refreshSession({ refresh_token: fragment.get("refresh_token")! });
    expect(refreshed.error).toBeNull();
  });

  it("links a verified e-mail to the existing account, but not an unverified one", async () => {
    const admin = h.admin();
    const { data: created } = await admin.auth.admin.createUser({ email: "owner@example.com", password: "Spark-2026-pass", email_confirm: true });
    const verified = await pkceSignIn({ id: 7, email: "owner@example.com", email_verified: true });
    const linked = await verified.supabase.auth.exchangeCodeForSession(verified.back.searchParams.get("code")!);
    expect(linked.data.user?.id).toBe(created.user!.id);
    expect(linked.data.user?.identities?.map((identity) => identity.provider).sort()).toEqual(["email", "github"]);

    const unverified = await pkceSignIn({ id: 8, email: "owner@example.com", email_verified: false });
    const separate = await unverified.supabase.auth.exchangeCodeForSession(unverified.back.searchParams.get("code")!);
    expect(separate.data.user?.id).not.toBe(created.user!.id);
    expect(separate.data.user?.email ?? "").toBe("");
  });

  it("links an identity to the signed-in user, never one that belongs to somebody else", async () => {
    const storage = memoryStorage();
    const supabase = h.client({ flowType: "pkce", storage });
    await supabase.auth.signUp({ email: "linker@example.com", password: "Spark-2026-pass" });
    const { data } = await supabase.auth.linkIdentity({ provider: "github", options: { redirectTo: APP_CALLBACK, skipBrowserRedirect: true } });
    // linkIdentity asks for the provider URL as JSON (skip_http_redirect) with the user's token.
    const back = await callback({ code: provider.consent({ id: 99, login: "linker" }), state: stateOf(data.url!) });
    const exchanged = await supabase.auth.exchangeCodeForSession(back.searchParams.get("code")!);
    expect(exchanged.data.user?.email).toBe("linker@example.com");
    expect(exchanged.data.user?.identities?.map((identity) => identity.provider).sort()).toEqual(["email", "github"]);

    const other = h.client({ flowType: "pkce", storage: memoryStorage() });
    await other.auth.signUp({ email: "thief@example.com", password: "Spark-2026-pass" });
    const attempt = await other.auth.linkIdentity({ provider: "github", options: { redirectTo: APP_CALLBACK, skipBrowserRedirect: true } });
    const refused = await callback({ code: provider.consent({ id: 99, login: "linker" }), state: stateOf(attempt.data.url!) });
    expect(refused.searchParams.get("error_code")).toBe("identity_already_exists");
  });

  it("sends failures back to the app as error parameters, and refuses a forged state", async () => {
    const supabase = h.client({ flowType: "pkce", storage: memoryStorage() });
    const { data } = await supabase.auth.signInWithOAuth({ provider: "github", options: { redirectTo: APP_CALLBACK, skipBrowserRedirect: true } });
    const state = await stateFrom(data.url!);

    const denied = await callback({ error: "access_denied", error_description: "用户拒绝了授权", state });
    expect(Object.fromEntries(denied.searchParams)).toMatchObject({ error: "access_denied", error_code: "oauth_provider_error", error_description: "用户拒绝了授权" });
    // A state is good for one callback: the refused round trip's state is spent.
    const replayed = await h.fetch(`${TEST_URL}/auth/v1/callback?code=x&state=${state}`, { redirect: "manual" });
    expect(replayed.status).toBe(400);
    const again = await supabase.auth.signInWithOAuth({ provider: "github", options: { redirectTo: APP_CALLBACK, skipBrowserRedirect: true } });
    const badCode = await callback({ code: "never-issued", state: await stateFrom(again.data.url!) });
    expect(badCode.searchParams.get("error")).toBe("server_error");
    expect(badCode.searchParams.get("error_description")).toContain("Unable to exchange external code");

    const forged = await h.fetch(`${TEST_URL}/auth/v1/callback?code=x&state=${state.slice(0, -4)}abcd`, { redirect: "manual" });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error_code: "bad_oauth_state" });
    const accessTokenAsState = (await h.client().auth.signUp({ email: "state@example.com", password: "Spark-2026-pass" })).data.session!.access_token;
    expect((await h.fetch(`${TEST_URL}/auth/v1/callback?code=x&state=${accessTokenAsState}`)).status).toBe(400);
  });

  it("only redirects to allowed URLs, and lists the provider in the settings", async () => {
    const state = await stateFrom(`${TEST_URL}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent("https://evil.example.net/steal")}`);
    const back = await callback({ code: provider.consent({ id: 555 }), state });
    expect(back.origin).toBe("http://localhost:3000");
    const settings = (await (await h.fetch(`${TEST_URL}/auth/v1/settings`)).json()) as { external: Record<string, boolean> };
    expect(settings.external.github).toBe(true);
  });
});
