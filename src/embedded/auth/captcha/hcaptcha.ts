import type { CaptchaVerifier } from "./captcha-verifier";
import { siteverify } from "./siteverify";

/** hCaptcha: https://docs.hcaptcha.com/#verify-the-user-response-server-side */
export function createHcaptchaVerifier(options: { secret: string; siteKey?: string; verifyUrl?: string }): CaptchaVerifier {
  const url = options.verifyUrl ?? "https://api.hcaptcha.com/siteverify";
  return {
    provider: "hcaptcha",
    verify: (token, { ip }) => siteverify(url, { secret: options.secret, token, ip, siteKey: options.siteKey }),
  };
}
