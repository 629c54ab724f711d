import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { exportJWK, generateKeyPair, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authConfigFromEnv, parseAuthConfig } from "./config";
import { createRedirectValidator } from "./redirect";
import { createAuthHarness, type AuthHarness } from "./test-harness";

describe("authConfigFromEnv", () => {
  it("has hosted-like defaults with no environment", () => {
    const config = authConfigFromEnv({});
    expect(config).toMatchObject({
      siteUrl: "http://localhost:3000",
      autoconfirm: false,
      anonymousSignIns: false,
      accessTokenLifetimeSeconds: 3600,
      refreshTokenReuseIntervalSeconds: 10,
      otpLength: 6,
      minMailIntervalSeconds: 60,
      passwordMinLength: 6,
    });
  });

  it("reads AUTH_* variables over a JSON file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "auth-config-"));
    const file = path.join(dir, "auth.json");
    writeFileSync(file, JSON.stringify({ siteUrl: "https://file.example.com", otpLength: 8, rateLimits: { otp: { max: 5, windowSeconds: 60 } } }));
    const config = authConfigFromEnv(
      { AUTH_AUTOCONFIRM: "true", AUTH_RATE_LIMIT_SIGN_IN: "10/60", AUTH_SMS_TEST_OTPS: "+8613800000000:123456", AUTH_REDIRECT_ALLOW_LIST: "https://a.example.com/**, myapp://cb" },
      file,
    );
    expect(config).toMatchObject({
      siteUrl: "https://file.example.com",
      otpLength: 8,
      autoconfirm: true,
      smsTestOtps: { "8613800000000": "123456" },
      redirectAllowList: ["https://a.example.com/**", "myapp://cb"],
    });
    expect(config.rateLimits.signIn).toEqual({ max: 10, windowSeconds: 60 });
    expect(config.rateLimits.otp).toEqual({ max: 5, windowSeconds: 60 });
  });

  it("reports invalid values", () => {
    expect(() => authConfigFromEnv({ AUTH_OTP_LENGTH: "3" })).toThrow(/otpLength/);
  });
});

describe("redirect allow-list", () => {
  const check = createRedirectValidator(
    parseAuthConfig({ siteUrl: "https://spark.example.com", redirectAllowList: ["https://*.preview.example.com/**", "myapp://callback"] }),
  );
  it.each([
    ["https://spark.example.com/auth/callback", true],
    ["http://localhost:5173/x", false],
    ["http://127.0.0.1:4000/cb", false],
    ["https://pr-1.preview.example.com/auth/callback?x=1", true],
    ["https://evil.com/.preview.example.com/x", false],
    ["https://a.b.preview.example.com/x", false],
    ["myapp://callback", true],
    ["https://evil.example.net", false],
    ["javascript:alert(1)", false],
  ])("%s allowed: %s", (url, allowed) => {
    expect(check(url)).toBe(allowed ? url : "https://spark.example.com");
  });
});

describe("signing keys from a JWK set", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const second = await generateKeyPair("ES256", { extractable: true });
    const keys = [
      { ...(await exportJWK(privateKey)), kid: "rsa-1", alg: "RS256" },
      { ...(await exportJWK(second.privateKey)), kid: "ec-2", alg: "ES256" },
    ];
    h = await createAuthHarness("pglite", { jwks: { keys }, autoconfirm: true });
  });
  afterAll(() => h.close());

  it("signs with the first key and publishes all public keys", async () => {
    const jwks = await h.service.jwks();
    expect(jwks.keys.map((key) => key.kid)).toEqual(["rsa-1", "ec-2"]);
    expect(jwks.keys.every((key) => !("d" in key))).toBe(true);
    const { data, error } = await h.client().auth.signUp({ email: "rsa@example.com", password: "secret123" });
    expect(error).toBeNull();
    expect(decodeProtectedHeader(data.session!.access_token)).toMatchObject({ alg: "RS256", kid: "rsa-1" });
    expect(decodeProtectedHeader(h.service.keys.anonKey)).toMatchObject({ kid: "rsa-1" });
    expect((await h.client().auth.getClaims(data.session!.access_token)).error).toBeNull();
    const repeat = await h.client().auth.signUp({ email: "rsa@example.com", password: "secret123" });
    expect(repeat.error?.message).toBe("User already registered");
  });
});
