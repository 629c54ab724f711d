import { z } from "@/lib/zod";
import { InvalidAuthConfigError, type AuthConfig } from "../config";
import { apiError } from "../errors";
import { createAliyunCaptchaVerifier } from "./aliyun";
import type { CaptchaClientConfig, CaptchaVerifier } from "./captcha-verifier";
import { createHcaptchaVerifier } from "./hcaptcha";
import { createPowCaptcha } from "./pow";
import { createTencentCaptchaVerifier } from "./tencent";
import { createTurnstileVerifier } from "./turnstile";

export type { CaptchaClientConfig, CaptchaVerifier } from "./captcha-verifier";

/** GoTrue's `gotrue_meta_security` (supabase-js sends it for `options.captchaToken`). */
export const gotrueMetaSecurity = z.object({ captcha_token: z.string().max(8192).optional() }).optional();

/** The configured human check: the verifier, and what the browser needs to get a token. */
export interface Captcha {
  verifier: CaptchaVerifier;
  clientConfig(): CaptchaClientConfig;
}

export function createCaptcha(
  config: AuthConfig["captcha"],
  /** `powSecret`: the challenges' HMAC key when none is configured; `firstUse`: single-use bookkeeping. */
  service: { powSecret: string; firstUse: (key: string, windowSeconds: number) => Promise<boolean> },
): Captcha {
  const need = (value: string | undefined, name: string): string => {
    if (!value) throw new InvalidAuthConfigError([`AUTH_CAPTCHA_PROVIDER=${config.provider} 需要设置 ${name}`]);
    return value;
  };
  if (config.provider === "pow") {
    const pow = createPowCaptcha({ secret: config.secret ?? service.powSecret, difficulty: config.powDifficulty, ttlSeconds: config.powTtlSeconds, firstUse: service.firstUse });
    return { verifier: pow, clientConfig: () => ({ provider: "pow", ...pow.issue() }) };
  }
  const siteKey = need(config.siteKey, "AUTH_CAPTCHA_SITE_KEY");
  const prefix = config.provider === "aliyun" && config.aliyunPrefix ? { prefix: config.aliyunPrefix } : {};
  const hosted = (verifier: CaptchaVerifier): Captcha => ({
    verifier,
    clientConfig: () => ({ provider: config.provider as Exclude<typeof config.provider, "pow">, siteKey, ...prefix }),
  });
  const verifyUrl = config.verifyUrl;
  switch (config.provider) {
    case "hcaptcha":
      return hosted(createHcaptchaVerifier({ secret: need(config.secret, "AUTH_CAPTCHA_SECRET"), siteKey, verifyUrl }));
    case "turnstile":
      return hosted(createTurnstileVerifier({ secret: need(config.secret, "AUTH_CAPTCHA_SECRET"), verifyUrl }));
    case "tencent":
      return hosted(
        createTencentCaptchaVerifier({
          secretId: need(config.apiKeyId, "AUTH_CAPTCHA_API_KEY_ID"),
          secretKey: need(config.apiKeySecret, "AUTH_CAPTCHA_API_KEY_SECRET"),
          captchaAppId: siteKey,
          appSecretKey: need(config.secret, "AUTH_CAPTCHA_SECRET"),
          verifyUrl,
        }),
      );
    case "aliyun":
      return hosted(
        createAliyunCaptchaVerifier({
          accessKeyId: need(config.apiKeyId, "AUTH_CAPTCHA_API_KEY_ID"),
          accessKeySecret: need(config.apiKeySecret, "AUTH_CAPTCHA_API_KEY_SECRET"),
          sceneId: siteKey,
          verifyUrl,
        }),
      );
  }
}

/** Refuses unless `token` passes the human check, with GoTrue's answers (its verifyCaptcha middleware). */
export async function assertCaptcha(captcha: Captcha, token: string | undefined, ip: string): Promise<void> {
  const trimmed = token?.trim();
  if (!trimmed) throw apiError(400, "captcha_failed", "captcha protection: request disallowed (no captcha_token found)");
  let verdict;
  try {
    verdict = await captcha.verifier.verify(trimmed, { ip });
  } catch (error) {
    // The provider could not be asked: closed, as GoTrue fails (a captcha outage must not open the gate).
    console.error(`[embedded-auth] captcha (${captcha.verifier.provider}) verification failed:`, error);
    throw apiError(500, "unexpected_failure", "captcha verification process failed");
  }
  if (!verdict.success) throw apiError(400, "captcha_failed", `captcha protection: request disallowed (${verdict.errorCodes.join(", ")})`);
}
