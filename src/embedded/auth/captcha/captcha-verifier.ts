import type { CAPTCHA_PROVIDERS } from "../config";

export type CaptchaProviderName = (typeof CAPTCHA_PROVIDERS)[number];

/** A provider's answer, in the shape of the siteverify APIs GoTrue calls (`success`, `error-codes`). */
export interface CaptchaVerdict {
  success: boolean;
  errorCodes: string[];
}

/** One way of telling people from scripts: checks the token the browser got from it. */
export interface CaptchaVerifier {
  readonly provider: CaptchaProviderName;
  /** Whether `token` proves a human; throws when the provider cannot be asked (a 500, as GoTrue answers). */
  verify(token: string, context: { ip: string }): Promise<CaptchaVerdict>;
}

/** What the browser needs to produce a token: a proof-of-work challenge, or a hosted widget's public key. */
export type CaptchaClientConfig =
  | { provider: "pow"; challenge: string; difficulty: number; expiresAt: number }
  | { provider: Exclude<CaptchaProviderName, "pow">; siteKey: string; prefix?: string };

export const refused = (...errorCodes: string[]): CaptchaVerdict => ({ success: false, errorCodes });
export const passed: CaptchaVerdict = { success: true, errorCodes: [] };
