import { describe, expect, it } from "vitest";
import { createCaptcha } from "./index";

const service = { powSecret: "s".repeat(32), firstUse: async () => true };
const base = { powDifficulty: 17, powTtlSeconds: 300, apiKeyId: "id", apiKeySecret: "secret", secret: "app-secret" };

describe("what GET /api/auth/captcha tells the browser about a hosted captcha", () => {
  it("gives 阿里云's widget its scene and 身份标, and no secret", () => {
    const captcha = createCaptcha({ ...base, provider: "aliyun", siteKey: "scene-1", aliyunPrefix: "p1" }, service);
    expect(captcha.clientConfig()).toEqual({ provider: "aliyun", siteKey: "scene-1", prefix: "p1" });
  });

  it("gives the other widgets their site key only", () => {
    for (const provider of ["hcaptcha", "turnstile", "tencent"] as const) {
      const captcha = createCaptcha({ ...base, provider, siteKey: "site-1", aliyunPrefix: "p1" }, service);
      expect(captcha.clientConfig()).toEqual({ provider, siteKey: "site-1" });
    }
  });
});
