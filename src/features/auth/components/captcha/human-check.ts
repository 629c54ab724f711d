import { ApiError, apiFetch } from "@/lib/fetch";
import { browserCaptchaPage } from "./captcha-page";
import { hostedCaptchaToken, type CaptchaPage, type HostedCaptchaChallenge } from "./hosted-captcha";
import { solvePow } from "./solve-pow";

/** GET /api/auth/captcha's answer (src/embedded/auth/captcha's CaptchaClientConfig, or none). */
export type CaptchaChallenge =
  | { provider: "pow"; challenge: string; difficulty: number; expiresAt: number }
  | HostedCaptchaChallenge
  | { provider: "none" };

export const CAPTCHA_NOT_CONFIGURED = "当前站点未配置可在此页面完成的安全验证，请稍后再试或联系管理员";

/** The status /api/auth/send-phone-code answers when the auth service wants a captcha token first. */
const HUMAN_CHECK_REQUIRED = 428;

/**
 * Runs `send`; when the server answers that a human check is needed, passes it (the proof of work,
 * solved here in the browser) and runs `send` once more with the token. `onChecking` tells the
 * form to show that the check is running.
 */
export async function withHumanCheck<T>(
  send: (captchaToken?: string) => Promise<T>,
  onChecking: (checking: boolean) => void,
  getToken: () => Promise<string> = () => captchaToken(),
): Promise<T> {
  try {
    return await send();
  } catch (caught) {
    if (!(caught instanceof ApiError && caught.statusCode === HUMAN_CHECK_REQUIRED)) throw caught;
  }
  onChecking(true);
  let token: string;
  try {
    token = await getToken();
  } finally {
    onChecking(false);
  }
  return send(token);
}

/**
 * The token for the configured check: the proof of work solved here, or the hosted provider's widget
 * (its official script, the site key from the server's public config) shown until the visitor passes.
 */
export async function captchaToken(
  fetchChallenge: () => Promise<CaptchaChallenge> = () => apiFetch<CaptchaChallenge>("/api/auth/captcha"),
  page: CaptchaPage = browserCaptchaPage,
): Promise<string> {
  const challenge = await fetchChallenge();
  if (challenge.provider === "pow") return solvePow(challenge.challenge, challenge.difficulty);
  if (challenge.provider === "none") throw new Error(CAPTCHA_NOT_CONFIGURED);
  return hostedCaptchaToken(challenge, page);
}
