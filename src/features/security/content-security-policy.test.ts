import { describe, expect, it } from "vitest";
import { HOSTED_CAPTCHA_SOURCES } from "./captcha-sources";
import { buildContentSecurityPolicy, createNonce } from "./content-security-policy";

const directives = (policy: string) => Object.fromEntries(policy.split("; ").map((directive) => {
  const [name, ...sources] = directive.split(" ");
  return [name!, sources];
}));

describe("buildContentSecurityPolicy", () => {
  it("runs scripts by nonce only in production: no unsafe-inline, no unsafe-eval", () => {
    const policy = directives(buildContentSecurityPolicy({ nonce: "abc=", development: false }));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc='", "'strict-dynamic'"]);
    expect(policy["connect-src"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
  });

  it("without a nonce (static pages) allows inline scripts only by their hashes, with no 'strict-dynamic'", () => {
    const policy = directives(buildContentSecurityPolicy({ scriptHashes: ["'sha256-abc='"], development: false }));
    expect(policy["script-src"]).toEqual(["'self'", "'sha256-abc='"]);
  });

  it("adds the hashes beside the nonce on pages rendered per request", () => {
    const policy = directives(buildContentSecurityPolicy({ nonce: "n", scriptHashes: ["'sha256-abc='"], development: false }));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'", "'sha256-abc='"]);
  });

  it("allows eval for React's dev tooling under next dev only", () => {
    expect(directives(buildContentSecurityPolicy({ nonce: "n", development: true }))["script-src"]).toContain("'unsafe-eval'");
  });

  it("lets the browser reach a hosted Supabase project (https + realtime websocket) and a storage origin", () => {
    const policy = directives(buildContentSecurityPolicy({
      nonce: "n",
      development: false,
      supabaseUrl: "https://xyz.supabase.co/",
      storagePublicUrl: "https://files.example.com/base",
    }));
    expect(policy["connect-src"]).toEqual(["'self'", "https://xyz.supabase.co", "https://files.example.com", "wss://xyz.supabase.co"]);
    expect(policy["img-src"]).toEqual(["'self'", "blob:", "data:", "https://xyz.supabase.co", "https://files.example.com"]);
  });

  it("allows no captcha origin and no frames unless a hosted captcha is configured", () => {
    for (const captchaProvider of [undefined, "pow", "bogus"]) {
      const policy = directives(buildContentSecurityPolicy({ nonce: "n", development: false, captchaProvider }));
      expect(policy["frame-src"]).toBeUndefined();
      expect(policy["connect-src"]).toEqual(["'self'"]);
      expect(policy["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    }
  });

  it.each([
    ["hcaptcha", "https://js.hcaptcha.com/1/api.js", ["https://hcaptcha.com", "https://*.hcaptcha.com"]],
    ["turnstile", "https://challenges.cloudflare.com/turnstile/v0/api.js", ["https://challenges.cloudflare.com"]],
    ["tencent", "https://turing.captcha.qcloud.com/TJCaptcha.js", ["https://turing.captcha.qcloud.com", "https://turing.captcha.gtimg.com"]],
    ["aliyun", "https://o.alicdn.com/captcha-frontend/aliyunCaptcha/AliyunCaptcha.js", ["https://o.alicdn.com", "https://*.captcha-open.aliyuncs.com"]],
  ] as const)("allows %s's script, frames and calls when it is the configured provider, and no other's", (provider, script, origins) => {
    const policy = directives(buildContentSecurityPolicy({ nonce: "n", development: false, captchaProvider: provider }));
    expect(HOSTED_CAPTCHA_SOURCES[provider].script.startsWith(script)).toBe(true);
    const scriptOrigin = new URL(script).origin;
    const allowsScript = policy["script-src"]!.some((source) => source === scriptOrigin || (source.startsWith("https://*.") && scriptOrigin.endsWith(source.slice("https://*".length))));
    expect(allowsScript).toBe(true);
    expect(policy["script-src"]).toContain("'strict-dynamic'");
    for (const origin of origins) {
      for (const directive of ["frame-src", "connect-src", "img-src", "style-src"]) expect(policy[directive]).toContain(origin);
    }
    expect(policy["frame-src"]![0]).toBe("'self'");
    const others = Object.entries(HOSTED_CAPTCHA_SOURCES).filter(([name]) => name !== provider).flatMap(([, source]) => source.origins);
    for (const origin of others.filter((origin) => !origins.includes(origin as never))) {
      expect(Object.values(policy).flat()).not.toContain(origin);
    }
  });

  it("makes a fresh 128-bit nonce each time", () => {
    const nonce = createNonce();
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(createNonce()).not.toBe(nonce);
  });
});
