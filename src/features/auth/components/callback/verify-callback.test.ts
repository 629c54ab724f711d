import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthHarness, memoryStorage, type AuthHarness } from "@/embedded/auth/test-harness";
import { readCallbackParams } from "./callback-params";
import { verifyCallback } from "./verify-callback";

const PASSWORD = "Spark-test-2026";

/** Where the mailed link redirects to (the callback URL with the link's query and hash). */
async function followLink(h: AuthHarness, to: string): Promise<URL> {
  const mail = await h.lastMessage(to);
  const response = await h.fetch(mail.link!, { redirect: "manual" });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location")!);
}

describe("verifyCallback against the embedded auth service", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", { siteUrl: "http://localhost:3000" });
  });
  afterAll(() => h.close());

  it("creates the session from implicit-grant tokens and reports 邮箱验证成功", async () => {
    const email = "implicit@example.com";
    await h.client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: "http://localhost:3000/auth/callback" } });
    const location = await followLink(h, email);
    expect(location.pathname).toBe("/auth/callback");
    const client = h.client();
    const outcome = await verifyCallback(client, readCallbackParams(location), () => false);
    expect(outcome.to).toBe("/dashboard");
    expect(outcome.toast).toMatchObject({ variant: "success", title: "邮箱验证成功", description: `您的账号已激活，当前登录账号：${email}`, duration: 3000 });
    expect(outcome.user?.email_confirmed_at).toBeTruthy();
    expect((await client.auth.getSession()).data.session?.user.email).toBe(email);
  });

  it("trades a PKCE code with the verifier this browser kept", async () => {
    const email = "pkce@example.com";
    const client = h.client({ flowType: "pkce", storage: memoryStorage(), persistSession: true });
    await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: "http://localhost:3000/auth/callback" } });
    const location = await followLink(h, email);
    const params = readCallbackParams(location);
    expect(params.code).toBeTruthy();
    const outcome = await verifyCallback(client, params, () => true);
    expect(outcome.toast?.title).toBe("邮箱验证成功");
    expect(outcome.user?.email).toBe(email);
  });

  it("says the account is active when the code is opened in another browser", async () => {
    const email = "other-browser@example.com";
    const signUpBrowser = h.client({ flowType: "pkce", storage: memoryStorage(), persistSession: true });
    await signUpBrowser.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: "http://localhost:3000/auth/callback" } });
    const location = await followLink(h, email);
    const otherBrowser = h.client({ flowType: "pkce", storage: memoryStorage(), persistSession: true });
    const outcome = await verifyCallback(otherBrowser, readCallbackParams(location), () => true);
    expect(outcome).toMatchObject({ to: "/auth/signin", toast: { variant: "success", title: "邮箱验证成功", description: "您的账号已激活，请登录" } });
  });

  it("reports a confirmed e-mail change although auth-js dropped this browser's verifier", async () => {
    const email = "changing@example.com";
    await h.admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = h.client({ flowType: "pkce", storage: memoryStorage(), persistSession: true });
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await client.auth.updateUser({ email: "changed@example.com" }, { emailRedirectTo: "http://localhost:3000/auth/callback?type=email_change" });
    expect(error).toBeNull();
    const location = await followLink(h, "changed@example.com");
    const params = readCallbackParams(location);
    expect(params.code).toBeTruthy();
    const outcome = await verifyCallback(client, params, () => true);
    expect(outcome).toMatchObject({ to: "/dashboard/settings", toast: { variant: "success", title: "邮箱已更新" } });
    expect(outcome.user?.email).toBe("changed@example.com");
  });

  it("sends recovery links to the set-new-password page", async () => {
    const email = "recover@example.com";
    const admin = h.admin();
    await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = h.client({ flowType: "pkce", storage: memoryStorage(), persistSession: true });
    await client.auth.resetPasswordForEmail(email, { redirectTo: "http://localhost:3000/auth/callback?type=recovery" });
    const location = await followLink(h, email);
    expect(location.searchParams.get("type")).toBe("recovery");
    const outcome = await verifyCallback(client, readCallbackParams(location), () => true);
    expect(outcome.to).toBe("/auth/reset-password");
    expect(outcome.toast).toBeUndefined();
    expect(outcome.user?.email).toBe(email);
  });

  it("fails in Chinese by the link's error code, never with its English (or crafted) description", async () => {
    const expired = readCallbackParams({
      search: "",
      hash: "#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
    });
    expect(await verifyCallback(h.client(), expired, () => false)).toMatchObject({
      to: "/auth/signin",
      toast: { variant: "destructive", title: "验证失败", description: "验证链接已失效或已过期，请重新获取", duration: 5000 },
    });
    const crafted = readCallbackParams({ search: "", hash: "#error=access_denied&error_description=%E8%AF%B7%E6%8B%A8%E6%89%93400" });
    expect((await verifyCallback(h.client(), crafted, () => false)).toast?.description).toBe("邮箱验证链接无效或已过期");
    expect((await verifyCallback(h.client(), readCallbackParams({ search: "", hash: "" }), () => false)).toast).toMatchObject({
      title: "验证失败",
      description: "邮箱验证链接无效或已过期",
    });
  });

  it("sends an already confirmed user to the dashboard", async () => {
    const email = "confirmed@example.com";
    await h.admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = h.client({ persistSession: true, storage: memoryStorage() });
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(await verifyCallback(client, readCallbackParams({ search: "", hash: "#error=access_denied" }), () => false)).toEqual({ to: "/dashboard" });
  });

  it("reports thrown errors with their message", async () => {
    const bogus = readCallbackParams({ search: "", hash: "#access_token=a.b.c&refresh_token=nope" });
    const outcome = await verifyCallback(h.client(), bogus, () => false);
    expect(outcome.toast).toMatchObject({ variant: "destructive", title: "验证失败" });
    expect(outcome.toast?.description).toBeTruthy();
  });

  describe("a link carrying another account's tokens (issue 12 finding 7)", () => {
    /** A browser signed in as `email`, and implicit-grant callback params for another account. */
    async function setUp(tag: string) {
      const mine = `mine-${tag}@example.com`;
      const theirs = `theirs-${tag}@example.com`;
      for (const email of [mine, theirs]) await h.admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      const browser = h.client({ persistSession: true, storage: memoryStorage() });
      await browser.auth.signInWithPassword({ email: mine, password: PASSWORD });
      const { data } = await h.client().auth.signInWithPassword({ email: theirs, password: PASSWORD });
      const params = readCallbackParams({
        search: "",
        hash: `#access_token=${data.session!.access_token}&refresh_token=${data.session!.refresh_token}&type=magiclink`,
      });
      return { browser, params, mine, theirs };
    }

    it("asks first, and keeps the signed-in account when the visitor says so", async () => {
      const { browser, params, mine, theirs } = await setUp("keep");
      const asked: unknown[] = [];
      const outcome = await verifyCallback(browser, params, () => false, async (accounts) => {
        asked.push(accounts);
        return false;
      });
      expect(asked).toEqual([{ current: mine, next: theirs }]);
      expect((await browser.auth.getUser()).data.user?.email).toBe(mine);
      expect(outcome.toast).toMatchObject({ title: "已保持当前账号", description: `当前登录账号：${mine}` });
    });

    it("keeps the signed-in account when nobody can be asked", async () => {
      const { browser, params, mine } = await setUp("silent");
      await verifyCallback(browser, params, () => false);
      expect((await browser.auth.getUser()).data.user?.email).toBe(mine);
    });

    it("switches when the visitor agrees, and says which account is now signed in", async () => {
      const { browser, params, theirs } = await setUp("switch");
      const outcome = await verifyCallback(browser, params, () => false, async () => true);
      expect((await browser.auth.getUser()).data.user?.email).toBe(theirs);
      expect(outcome.toast?.description).toContain(`当前登录账号：${theirs}`);
    });
  });
});
