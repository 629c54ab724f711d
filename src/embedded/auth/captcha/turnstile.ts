import type { CaptchaVerifier } from "./captcha-verifier";
import { siteverify } from "./siteverify";

/** Cloudflare Turnstile: https://developers.cloudflare.com/turnstile/get-started/server-side-validation/ */
export function createTurnstileVerifier(options: { secret: string; verifyUrl?: string }): CaptchaVerifier {
  const url = options.verifyUrl ?? "https://challenges.cloudflare.com/turnstile/v0/siteverify";
  return {
    provider: "turnstile",
    verify: (token, { ip }) => siteverify(url, { secret: options.secret, token, ip }),
  };
}
