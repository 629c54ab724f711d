import { ApiError, apiFetch } from "@/lib/fetch";
import { solvePow } from "./solve-pow";

/** GET /api/auth/captcha's answer (src/embedded/auth/captcha's CaptchaClientConfig, or none). */
type CaptchaChallenge =
  | { provider: "pow"; challenge: string; difficulty: number; expiresAt: number }
  | { provider: "hcaptcha" | "turnstile" | "tencent" | "aliyun"; siteKey: string }
  | { provider: "none" };

/** The status /api/auth/send-phone-code answers when the auth service wants a captcha token first. */
const HUMAN_CHECK_REQUIRED = 428;

/**
 * Runs `send`; when the server answers that a human check is needed, passes it (the proof of work,
 * solved here in the browser) and runs `send` once more with the token. `onChecking` tells the
 * form to show that the check is running.
 */
export async function withHumanCheck<T>(send: (captchaToken?: string) => Promise<T>, onChecking: (checking: boolean) => void): Promise<T> {
  try {
    return await send();
  } catch (caught) {
    if (!(caught instanceof ApiError && caught.statusCode === HUMAN_CHECK_REQUIRED)) throw caught;
  }
  onChecking(true);
  let token: string;
  try {
    token = await captchaToken();
  } finally {
    onChecking(false);
  }
  return send(token);
}

async function captchaToken(): Promise<string> {
  const challenge = await apiFetch<CaptchaChallenge>("/api/auth/captcha");
  if (challenge.provider === "pow") return solvePow(challenge.challenge, challenge.difficulty);
  // The hosted captchas' widgets are not built into the forms yet: the server verifies their tokens,
  // but this page cannot produce one.
  throw new Error("当前站点配置的人机验证方式暂不支持在此页面完成，请稍后再试或联系管理员");
}
