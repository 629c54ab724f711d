import { passed, refused, type CaptchaVerdict } from "./captcha-verifier";

/**
 * The siteverify protocol hCaptcha and Cloudflare Turnstile share (and GoTrue speaks to both):
 * a form POST of `secret`, `response`, `remoteip`; the answer `{success, "error-codes"}`.
 */
export async function siteverify(url: string, input: { secret: string; token: string; ip: string; siteKey?: string }): Promise<CaptchaVerdict> {
  const form = new URLSearchParams({ secret: input.secret, response: input.token });
  if (input.ip && input.ip !== "local") form.set("remoteip", input.ip);
  if (input.siteKey) form.set("sitekey", input.siteKey);
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await response.json()) as { success?: unknown; "error-codes"?: unknown };
  if (typeof answer.success !== "boolean") throw new Error(`siteverify ${url} answered HTTP ${response.status} without success`);
  const codes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].map(String) : [];
  return answer.success ? passed : refused(...(codes.length > 0 ? codes : ["invalid-input-response"]));
}
