import { createClient, type Provider, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authConfigFromEnv, parseAuthConfig } from "./config";
import { createAuthHarness, memoryStorage, NoWebSocket, TEST_URL, type AuthHarness } from "./test-harness";
import { openidOf, startFakeWechat, unionidOf, type FakeWechat, type FakeWechatPerson } from "./testing/fake-wechat";
import { wechatAppFor } from "./wechat-state";

const OPEN = { appId: "wx0000000000open01", appSecret: "open-secret-0123456789abcdef0123" };
const MP = { appId: "wx00000000000mp001", appSecret: "mp-secret-0123456789abcdef012345" };
const APP_CALLBACK = "https://app.example.com/auth/callback";
const DESKTOP_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const WECHAT_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN";
const WECHAT = "wechat" as Provider;

let wechat: FakeWechat;
let h: AuthHarness;

beforeAll(async () => {
  wechat = await startFakeWechat({ apps: { open: OPEN, mp: MP } });
  h = await createAuthHarness("pglite", {
    manualLinking: true,
    autoconfirm: true,
    wechat: { open: OPEN, mp: MP, openBaseUrl: wechat.origin, apiBaseUrl: wechat.origin },
  });
});
afterAll(async () => {
  await h?.close();
  await wechat?.close();
});

/** A browser: its User-Agent, a cookie jar for the auth service, and redirects followed by hand. */
function browser(userAgent: string, flowType: "pkce" | "implicit" = "pkce") {
  const cookies = new Map<string, string>();
  const authFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("user-agent", userAgent);
    if (cookies.size > 0) headers.set("cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await h.fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === "") cookies.delete(name.trim());
      else cookies.set(name.trim(), value);
    }
    return response;
  };
  const supabase: SupabaseClient = createClient(TEST_URL, h.service.keys.anonKey, {
    global: { fetch: authFetch },
    realtime: { transport: NoWebSocket as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType, storage: memoryStorage() },
  });
  /** One hop: the service in-process, the fake over HTTP; answers the Location. */
  async function hop(url: string): Promise<string> {
    const response = url.startsWith(TEST_URL)
      ? await authFetch(url, { redirect: "manual" })
      : await fetch(url, { redirect: "manual", headers: { "user-agent": userAgent } });
    if (response.status !== 302) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
    return new URL(response.headers.get("location")!, url).toString();
  }
  return {
    cookies,
    supabase,
    authFetch,
    hop,
    /** Follows redirects until the browser leaves the service and WeChat (the app's page). */
    async visit(url: string): Promise<URL> {
      let next = url;
      while (next.startsWith(TEST_URL) || next.startsWith(wechat.origin)) next = await hop(next);
      return new URL(next);
    },
    async startSignIn(): Promise<string> {
      const { data, error } = await supabase.auth.signInWithOAuth({ provider: WECHAT, options: { redirectTo: APP_CALLBACK, skipBrowserRedirect: true } });
      expect(error).toBeNull();
      return data.url!;
    },
  };
}

const xiaoming: FakeWechatPerson = { key: "xiaoming", nickname: "小明", headimgurl: "https://thirdwx.qlogo.cn/mmopen/xiaoming/132" };

async function sessionFromFragment(back: URL) {
  const fragment = new URLSearchParams(back.hash.slice(1));
  expect(fragment.get("error_description")).toBeNull();
  const { data, error } = await h.client().auth.getUser(fragment.get("access_token")!);
  expect(error).toBeNull();
  return data.user!;
}

describe("WeChat sign-in", () => {
  let userId = "";

  it("signs a new user up by QR on a desktop browser, keyed by the unionid", async () => {
    wechat.actAs(xiaoming);
    const desktop = browser(DESKTOP_UA, "implicit");
    const toWechat = new URL(await desktop.hop(await desktop.startSignIn()));
    expect(toWechat.origin + toWechat.pathname).toBe(`${wechat.origin}/connect/qrconnect`);
    expect([...toWechat.searchParams.keys()]).toEqual(["appid", "redirect_uri", "response_type", "scope", "state"]);
    expect(toWechat.searchParams.get("appid")).toBe(OPEN.appId);
    expect(toWechat.searchParams.get("scope")).toBe("snsapi_login");
    expect(toWechat.searchParams.get("redirect_uri")).toBe(`${TEST_URL}/auth/v1/callback/wechat`);
    expect(toWechat.searchParams.get("state")).toMatch(/^[0-9a-f]{64}$/);
    expect(toWechat.hash).toBe("#wechat_redirect");

    const back = await desktop.visit(toWechat.toString());
    expect(back.origin + back.pathname).toBe(APP_CALLBACK);
    expect(desktop.cookies.size).toBe(0);
    const user = await sessionFromFragment(back);
    userId = user.id;
    expect(user.email ?? "").toBe("");
    expect(user.app_metadata).toMatchObject({ provider: "wechat", providers: ["wechat"] });
    expect(user.user_metadata).toMatchObject({ name: "小明", avatar_url: xiaoming.headimgurl });
    expect(user.identities).toHaveLength(1);
    const identity = user.identities![0]!;
    expect(identity).toMatchObject({ provider: "wechat", id: unionidOf(xiaoming) });
    expect(identity.identity_data).toMatchObject({ unionid: unionidOf(xiaoming), openid_open: openidOf("open", xiaoming), full_name: "小明" });
    expect(identity.identity_data?.openid_mp).toBeUndefined();
  });

  it("signs the same person into the same user inside WeChat (公众号, PKCE) and keeps both openids", async () => {
    wechat.actAs({ ...xiaoming, nickname: "小明同学" });
    const phone = browser(WECHAT_UA);
    const toWechat = new URL(await phone.hop(await phone.startSignIn()));
    expect(toWechat.pathname).toBe("/connect/oauth2/authorize");
    expect(toWechat.searchParams.get("appid")).toBe(MP.appId);
    expect(toWechat.searchParams.get("scope")).toBe("snsapi_userinfo");
    const back = await phone.visit(toWechat.toString());
    const { data, error } = await phone.supabase.auth.exchangeCodeForSession(back.searchParams.get("code")!);
    expect(error).toBeNull();
    expect(data.user!.id).toBe(userId);
    expect(data.user!.identities).toHaveLength(1);
    expect(data.user!.identities![0]!.identity_data).toMatchObject({
      unionid: unionidOf(xiaoming),
      openid_open: openidOf("open", xiaoming),
      openid_mp: openidOf("mp", xiaoming),
      name: "小明同学",
    });
  });

  it("keys the identity by the openid when WeChat gives no unionid", async () => {
    const loner: FakeWechatPerson = { key: "loner", nickname: "独行", withUnionid: false };
    wechat.actAs(loner);
    const desktop = browser(DESKTOP_UA, "implicit");
    const user = await sessionFromFragment(await desktop.visit(await desktop.startSignIn()));
    expect(user.identities![0]).toMatchObject({ provider: "wechat", id: openidOf("open", loner) });
    expect(user.identities![0]!.identity_data?.unionid).toBeUndefined();
  });

  it("refuses a kept cookie + state replayed, with the same code or a fresh one from WeChat", async () => {
    wechat.actAs(xiaoming);
    const desktop = browser(DESKTOP_UA, "implicit");
    const toWechat = await desktop.hop(await desktop.startSignIn());
    const callbackUrl = await desktop.hop(toWechat);
    expect(callbackUrl).toContain("/auth/v1/callback/wechat?code=");
    const cookie = [...desktop.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    await sessionFromFragment(await desktop.visit(callbackUrl));

    // WeChat hands out a new code for the same state (the attacker kept the authorize URL).
    const freshCode = await desktop.hop(toWechat);
    expect(new URL(freshCode).searchParams.get("code")).not.toBe(new URL(callbackUrl).searchParams.get("code"));
    for (const replay of [callbackUrl, freshCode]) {
      const again = await h.fetch(replay, { headers: { cookie, "user-agent": DESKTOP_UA }, redirect: "manual" });
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ error_code: "bad_oauth_state" });
    }
  });

  it("sends a refusal, a wrong AppSecret and an unknown code back as errors", async () => {
    wechat.actAs(xiaoming, "deny");
    const denied = browser(DESKTOP_UA);
    const refused = await denied.visit(await denied.startSignIn());
    expect(Object.fromEntries(refused.searchParams)).toMatchObject({ error: "access_denied", error_code: "oauth_provider_error" });

    wechat.actAs(xiaoming);
    wechat.resetSecret("open", "a-new-secret-the-service-lacks");
    try {
      const desktop = browser(DESKTOP_UA);
      const back = await desktop.visit(await desktop.startSignIn());
      expect(back.searchParams.get("code")).toBeNull();
      expect(back.searchParams.get("error_description")).toContain("errcode 40125");
    } finally {
      wechat.resetSecret("open", OPEN.appSecret);
    }

    const desktop = browser(DESKTOP_UA);
    const callbackUrl = new URL(await desktop.hop(await desktop.hop(await desktop.startSignIn())));
    callbackUrl.searchParams.set("code", "never-issued");
    const back = await desktop.visit(callbackUrl.toString());
    expect(back.searchParams.get("error_description")).toContain("errcode 40029");
  });

  it("refuses the callback without the browser's state cookie, or with a forged one", async () => {
    wechat.actAs(xiaoming);
    const desktop = browser(DESKTOP_UA);
    const callbackUrl = await desktop.hop(await desktop.hop(await desktop.startSignIn()));
    const [[name, signedState]] = [...desktop.cookies] as [[string, string]];

    const expectBadState = async (headers: Record<string, string>, url = callbackUrl) => {
      const response = await h.fetch(url, { headers, redirect: "manual" });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error_code: "bad_oauth_state" });
    };
    // Another browser (the link was sent to a victim): no cookie.
    await expectBadState({});
    await expectBadState({ cookie: `${name}=forged` });
    // A valid signed state of another round trip does not match this binding.
    const other = browser(DESKTOP_UA);
    await other.hop(await other.startSignIn());
    const [[, otherState]] = [...other.cookies] as [[string, string]];
    await expectBadState({ cookie: `${name}=${otherState}` });
    // The right cookie, but a state WeChat never carried.
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set("state", "0".repeat(64));
    await expectBadState({ cookie: `${name}=${signedState}` }, tampered.toString());
    // The real pair still works.
    const back = await desktop.visit(callbackUrl);
    expect(back.searchParams.get("code")).toBeTruthy();
  });

  it("sets the state cookie HttpOnly, SameSite=Lax, on the callback path only", async () => {
    const response = await h.fetch(`${TEST_URL}/auth/v1/authorize?provider=wechat`, { redirect: "manual", headers: { "user-agent": DESKTOP_UA } });
    expect(response.status).toBe(302);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^sb-wechat-state-[0-9a-f]{16}=/);
    expect(cookie).toContain("Path=/auth/v1/callback/wechat");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Max-Age=600");
    expect(cookie).not.toContain("Secure");
    // Behind an https proxy (the front server writes X-Forwarded-Proto only for TLS or a trusted proxy).
    const viaHttps = await h.fetch(`${TEST_URL}/auth/v1/authorize?provider=wechat`, {
      redirect: "manual",
      headers: { "user-agent": DESKTOP_UA, "x-forwarded-proto": "https" },
    });
    expect(viaHttps.headers.getSetCookie()[0]).toContain("Secure");
  });

  it("links WeChat to an e-mail account and unlinks it again", async () => {
    const carol: FakeWechatPerson = { key: "carol", nickname: "卡罗尔" };
    const desktop = browser(DESKTOP_UA);
    const signUp = await desktop.supabase.auth.signUp({ email: "carol@example.com", password: "Spark-2026-pass" });
    expect(signUp.error).toBeNull();
    wechat.actAs(carol);
    const { data, error } = await desktop.supabase.auth.linkIdentity({ provider: WECHAT, options: { redirectTo: APP_CALLBACK, skipBrowserRedirect: true } });
    expect(error).toBeNull();
    // The JSON answer set the state cookie (a browser's fetch keeps it), then the page opens the URL.
    expect(desktop.cookies.size).toBe(1);
    const back = await desktop.visit(data.url!);
    const linked = await desktop.supabase.auth.exchangeCodeForSession(back.searchParams.get("code")!);
    expect(linked.error).toBeNull();
    expect(linked.data.user!.id).toBe(signUp.data.user!.id);
    expect(linked.data.user!.identities!.map((identity) => identity.provider).sort()).toEqual(["email", "wechat"]);

    // Somebody else cannot take the same WeChat account.
    const thief = browser(DESKTOP_UA);
    await thief.supabase.auth.signUp({ email: "thief@example.com", password: "Spark-2026-pass" });
    const attempt = await thief.supabase.auth.linkIdentity({ provider: WECHAT, options: { redirectTo: APP_CALLBACK, skipBrowserRedirect: true } });
    const refused = await thief.visit(attempt.data.url!);
    expect(refused.searchParams.get("error_code")).toBe("identity_already_exists");

    // Signing in by WeChat now reaches the e-mail account.
    const qr = browser(DESKTOP_UA, "implicit");
    expect((await sessionFromFragment(await qr.visit(await qr.startSignIn()))).id).toBe(signUp.data.user!.id);

    const wechatIdentity = linked.data.user!.identities!.find((identity) => identity.provider === "wechat")!;
    const unlinked = await desktop.supabase.auth.unlinkIdentity(wechatIdentity);
    expect(unlinked.error).toBeNull();
    const { data: after } = await desktop.supabase.auth.getUser();
    expect(after.user!.identities!.map((identity) => identity.provider)).toEqual(["email"]);
    const fresh = browser(DESKTOP_UA, "implicit");
    expect((await sessionFromFragment(await fresh.visit(await fresh.startSignIn()))).id).not.toBe(signUp.data.user!.id);
  });

  it("lists wechat in the settings", async () => {
    const settings = (await (await h.fetch(`${TEST_URL}/auth/v1/settings`)).json()) as { external: Record<string, boolean> };
    expect(settings.external.wechat).toBe(true);
  });
});

describe("WeChat sign-in switched off or partly configured", () => {
  it("shows external.wechat false and refuses provider=wechat", async () => {
    const plain = await createAuthHarness("pglite", {});
    try {
      const settings = (await (await plain.fetch(`${TEST_URL}/auth/v1/settings`)).json()) as { external: Record<string, boolean> };
      expect(settings.external.wechat).toBe(false);
      const response = await plain.fetch(`${TEST_URL}/auth/v1/authorize?provider=wechat`, { redirect: "manual" });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ msg: "Unsupported provider: provider is not enabled" });
      expect((await plain.fetch(`${TEST_URL}/auth/v1/callback/wechat?code=x&state=${"a".repeat(64)}`)).status).toBe(400);
    } finally {
      await plain.close();
    }
  });

  it("uses the application that exists when the fitting one is not configured", () => {
    const base = { openBaseUrl: "https://open.weixin.qq.com", apiBaseUrl: "https://api.weixin.qq.com" };
    expect(wechatAppFor({ ...base, open: OPEN, mp: MP }, DESKTOP_UA)).toBe("open");
    expect(wechatAppFor({ ...base, open: OPEN, mp: MP }, WECHAT_UA)).toBe("mp");
    expect(wechatAppFor({ ...base, mp: MP }, DESKTOP_UA)).toBe("mp");
    expect(wechatAppFor({ ...base, open: OPEN }, WECHAT_UA)).toBe("open");
    expect(wechatAppFor(base, WECHAT_UA)).toBeUndefined();
  });

  it("reads WECHAT_* variables and names what is wrong in Chinese", () => {
    const config = authConfigFromEnv({ WECHAT_OPEN_APP_ID: OPEN.appId, WECHAT_OPEN_APP_SECRET: OPEN.appSecret });
    expect(config.wechat).toEqual({ open: OPEN, openBaseUrl: "https://open.weixin.qq.com", apiBaseUrl: "https://api.weixin.qq.com" });
    expect(authConfigFromEnv({}).wechat.open).toBeUndefined();
    expect(authConfigFromEnv({ AUTH_MANUAL_LINKING: "true" }).manualLinking).toBe(true);
    expect(authConfigFromEnv({}).manualLinking).toBe(false);
    expect(() => authConfigFromEnv({ WECHAT_MP_APP_ID: MP.appId })).toThrow(/WECHAT_MP_APP_ID 与 WECHAT_MP_APP_SECRET 必须同时设置/);
    expect(() => authConfigFromEnv({ WECHAT_OPEN_APP_ID: "not-an-appid", WECHAT_OPEN_APP_SECRET: "x" })).toThrow(/WECHAT_OPEN_APP_ID: 必须是 wx 开头的 18 位 AppID/);
    expect(() => authConfigFromEnv({ WECHAT_API_BASE_URL: "nope" })).toThrow(/WECHAT_API_BASE_URL: 必须是完整的网址/);
    expect(() =>
      parseAuthConfig({ externalProviders: { wechat: { clientId: "x", authorizeUrl: "https://a.example", tokenUrl: "https://a.example", userInfoUrl: "https://a.example" } } }),
    ).toThrow(/WECHAT_\* 变量配置/);
  });
});
