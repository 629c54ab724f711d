import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvePow } from "@/features/auth/components/captcha/solve-pow";
import type { AuthConfigInput } from "./config";
import { GOOD_TOKEN, signedPowChallenge, startFakeAliyunCaptcha, startFakeSiteverify, startFakeTencentCaptcha, type FakeCaptcha } from "./captcha/testing/fake-captcha-servers";
import { createAuthHarness, TEST_URL, type AuthHarness } from "./test-harness";

// SMS pumping, the human check: past a few texts per IP or number block, a text needs GoTrue's
// `gotrue_meta_security.captcha_token` (supabase-js: options.captchaToken), else 400 captcha_failed.

const generous = { max: 1000, windowSeconds: 3600 };
const POW_SECRET = "pow-secret-for-tests-0123456789";

describe("the self-hosted proof of work", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", {
      captcha: { secret: POW_SECRET, powDifficulty: 8 },
      rateLimits: { otp: generous, signUp: generous, resend: generous, sms: generous, smsPrefix: generous, smsCaptchaIp: { max: 2, windowSeconds: 3600 }, smsCaptchaPrefix: { max: 3, windowSeconds: 3600 } },
    });
  });
  afterAll(() => h.close());

  const attacker = () => h.clientVia({ clientIp: "203.0.113.66" });
  let block = 0;
  /** A number in a block of its own, so only the IP's threshold counts. */
  const freshNumber = () => `+86138${String(100 + block++).padStart(4, "0")}0000`;
  const solvedToken = async () => {
    const challenge = h.service.captchaChallenge();
    if (challenge.provider !== "pow") throw new Error("expected a proof-of-work challenge");
    return solvePow(challenge.challenge, challenge.difficulty);
  };
  const captchaRefused = { status: 400, code: "captcha_failed" };

  it("asks for nothing below the threshold, then refuses a text without a captcha_token in GoTrue's shape", async () => {
    expect((await attacker().auth.signInWithOtp({ phone: freshNumber() })).error).toBeNull();
    expect((await attacker().auth.signInWithOtp({ phone: freshNumber() })).error).toBeNull();
    const phone = freshNumber();
    const refused = await attacker().auth.signInWithOtp({ phone });
    expect(refused.error).toMatchObject(captchaRefused);
    expect(refused.error?.message).toBe("captcha protection: request disallowed (no captcha_token found)");
    await expect(h.lastMessage(phone)).rejects.toThrow(/no outbox message/);
    const users = await h.admin().auth.admin.listUsers({ perPage: 1000 });
    expect(users.data.users).toHaveLength(2);
  });

  it("sends with a solved token (sign-in code, phone sign-up, resend), and refuses the same token twice", async () => {
    const token = await solvedToken();
    const phone = freshNumber();
    expect((await attacker().auth.signInWithOtp({ phone, options: { captchaToken: token } })).error).toBeNull();
    expect((await h.lastMessage(phone)).kind).toBe("sms");
    const reused = await attacker().auth.signInWithOtp({ phone: freshNumber(), options: { captchaToken: token } });
    expect(reused.error).toMatchObject(captchaRefused);
    expect(reused.error?.message).toMatch(/timeout-or-duplicate/);

    const signUpPhone = freshNumber();
    expect((await attacker().auth.signUp({ phone: signUpPhone, password: "secret123" })).error).toMatchObject(captchaRefused);
    expect((await attacker().auth.signUp({ phone: signUpPhone, password: "secret123", options: { captchaToken: await solvedToken() } })).error).toBeNull();
    expect((await attacker().auth.resend({ type: "sms", phone: signUpPhone })).error).toMatchObject(captchaRefused);
    expect((await attacker().auth.resend({ type: "sms", phone: signUpPhone, options: { captchaToken: await solvedToken() } })).error).toBeNull();
  });

  it("refuses forged, tampered, expired and unsolved tokens", async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await solvePow(signedPowChallenge("not-the-secret-0123456789", { id: "forged", d: 8, exp: now + 300 }), 8);
    const expired = await solvePow(signedPowChallenge(POW_SECRET, { id: "expired", d: 8, exp: now - 1 }), 8);
    const [payload, signature] = (await solvedToken()).split(".");
    const easier = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), d: 0 })).toString("base64url");
    const tampered = `${easier}.${signature}.0`;
    const challenge = h.service.captchaChallenge();
    if (challenge.provider !== "pow") throw new Error("expected a proof-of-work challenge");
    let nonce = 0;
    while (createHash("sha256").update(`${challenge.challenge}.${nonce}`).digest()[0] === 0) nonce++;
    const unsolved = `${challenge.challenge}.${nonce}`;
    for (const [token, why] of [[forged, /invalid-input-response/], [expired, /expired-input-response/], [tampered, /invalid-input-response/], [unsolved, /invalid-input-response/], ["garbage", /invalid-input-response/]] as const) {
      const phone = freshNumber();
      const { error } = await attacker().auth.signInWithOtp({ phone, options: { captchaToken: token } });
      expect(error, String(why)).toMatchObject(captchaRefused);
      expect(error?.message).toMatch(why);
      await expect(h.lastMessage(phone)).rejects.toThrow(/no outbox message/);
    }
  });

  it("asks for a captcha once one number block has had a few texts, whatever the IP", async () => {
    for (let i = 1; i <= 3; i++) {
      expect((await h.clientVia({ clientIp: `198.51.100.${i}` }).auth.signInWithOtp({ phone: `+86135000000${10 + i}` })).error).toBeNull();
    }
    const fourth = h.clientVia({ clientIp: "198.51.100.4" });
    expect((await fourth.auth.signInWithOtp({ phone: "+8613500000020" })).error).toMatchObject(captchaRefused);
    expect((await fourth.auth.signInWithOtp({ phone: "+8613500000020", options: { captchaToken: await solvedToken() } })).error).toBeNull();
  });
});

describe.each([
  {
    provider: "hcaptcha",
    start: () => startFakeSiteverify("hcaptcha-secret"),
    config: { secret: "hcaptcha-secret", siteKey: "10000000-ffff-ffff-ffff-000000000001" },
    good: GOOD_TOKEN,
    sawIp: (request: Record<string, string>) => request.remoteip,
  },
  {
    provider: "turnstile",
    start: () => startFakeSiteverify("turnstile-secret"),
    config: { secret: "turnstile-secret", siteKey: "1x00000000000000000000AA" },
    good: GOOD_TOKEN,
    sawIp: (request: Record<string, string>) => request.remoteip,
  },
  {
    provider: "tencent",
    start: () => startFakeTencentCaptcha({ secretId: "AKIDtest", appSecretKey: "app-secret-key", captchaAppId: 190000000 }),
    config: { secret: "app-secret-key", siteKey: "190000000", apiKeyId: "AKIDtest", apiKeySecret: "tencent-api-secret" },
    good: JSON.stringify({ ticket: GOOD_TOKEN, randstr: "@aBc" }),
    sawIp: (request: Record<string, string>) => request.UserIp,
  },
  {
    provider: "aliyun",
    start: () => startFakeAliyunCaptcha({ accessKeyId: "LTAItest", accessKeySecret: "aliyun-secret" }),
    config: { siteKey: "scene123", apiKeyId: "LTAItest", apiKeySecret: "aliyun-secret" },
    good: GOOD_TOKEN,
    sawIp: () => "203.0.113.7",
  },
] as const)("$provider as the human check", ({ provider, start, config, good, sawIp }) => {
  let fake: FakeCaptcha;
  let h: AuthHarness;
  beforeAll(async () => {
    fake = await start();
    const captcha = { provider, ...config, verifyUrl: fake.baseUrl } as AuthConfigInput["captcha"];
    h = await createAuthHarness("pglite", { captcha, rateLimits: { otp: generous, sms: generous, smsPrefix: generous, smsCaptchaIp: { max: 1, windowSeconds: 3600 }, smsCaptchaPrefix: generous } });
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it("verifies the token server-side with the provider's verify API", async () => {
    expect(h.service.captchaChallenge()).toEqual({ provider, siteKey: config.siteKey });
    const visitor = h.clientVia({ clientIp: "203.0.113.7" });
    expect((await visitor.auth.signInWithOtp({ phone: "+8613700000001" })).error).toBeNull();
    expect((await visitor.auth.signInWithOtp({ phone: "+8613700000002" })).error).toMatchObject({ status: 400, code: "captcha_failed" });
    expect(fake.requests).toHaveLength(0);
    const bad = await visitor.auth.signInWithOtp({ phone: "+8613700000002", options: { captchaToken: provider === "tencent" ? JSON.stringify({ ticket: "bot", randstr: "@x" }) : "bot" } });
    expect(bad.error).toMatchObject({ status: 400, code: "captcha_failed" });
    await expect(h.lastMessage("+8613700000002")).rejects.toThrow(/no outbox message/);
    expect((await visitor.auth.signInWithOtp({ phone: "+8613700000002", options: { captchaToken: good } })).error).toBeNull();
    expect((await h.lastMessage("+8613700000002")).kind).toBe("sms");
    expect(sawIp(fake.requests.at(-1)!)).toBe("203.0.113.7");
  });

  it("fails closed, as GoTrue does, when the provider cannot be reached", async () => {
    await fake.close();
    // Over fetch (supabase-js hides a 5xx's body); the unbound client is "local", which has had no text yet.
    const otp = (phone: string) =>
      h.fetch(`${TEST_URL}/auth/v1/otp`, {
        method: "POST",
        headers: { apikey: h.service.keys.anonKey, "content-type": "application/json" },
        body: JSON.stringify({ phone, gotrue_meta_security: { captcha_token: good } }),
      });
    expect((await otp("+8613700000003")).status).toBe(200);
    const unreachable = await otp("+8613700000004");
    expect(unreachable.status).toBe(500);
    expect(await unreachable.json()).toMatchObject({ msg: "captcha verification process failed" });
    await expect(h.lastMessage("+8613700000004")).rejects.toThrow(/no outbox message/);
    fake = await start(); // afterAll closes it again
  });
});
