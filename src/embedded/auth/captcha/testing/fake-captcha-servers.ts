// Test support (not a test file): local fakes of the hosted captchas' verify APIs, as documented.
import { createHmac } from "node:crypto";
import { listenOnLoopback, readBody, sendJson } from "@/embedded/outbox/sms/testing/fake-sms-server";
import { signAliyunRpc } from "@/embedded/outbox/sms/aliyun-sms";

/** A token the fakes accept (once, like the real providers), and what they were asked. */
export const GOOD_TOKEN = "human-token";

export interface FakeCaptcha {
  baseUrl: string;
  /** Each verify request's decoded parameters. */
  requests: Record<string, string>[];
  close(): Promise<void>;
}

/** hCaptcha / Turnstile siteverify: form `secret`, `response`, `remoteip` → `{success, error-codes}`. */
export async function startFakeSiteverify(secret: string): Promise<FakeCaptcha> {
  const requests: Record<string, string>[] = [];
  const used = new Set<string>();
  const server = await listenOnLoopback(async (request, response) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    requests.push(form);
    if (form.secret !== secret) return sendJson(response, 200, { success: false, "error-codes": ["invalid-input-secret"] });
    if (form.response !== GOOD_TOKEN) return sendJson(response, 200, { success: false, "error-codes": ["invalid-input-response"] });
    if (used.has(form.response)) return sendJson(response, 200, { success: false, "error-codes": ["timeout-or-duplicate"] });
    used.add(form.response);
    sendJson(response, 200, { success: true, hostname: "localhost", "error-codes": [] });
  });
  return { ...server, requests };
}

/** Tencent DescribeCaptchaResult: checks the TC3 signature's shape and the AppSecretKey; CaptchaCode 1 passes. */
export async function startFakeTencentCaptcha(expected: { secretId: string; appSecretKey: string; captchaAppId: number }): Promise<FakeCaptcha> {
  const requests: Record<string, string>[] = [];
  const server = await listenOnLoopback(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    requests.push({ ...Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])), action: String(request.headers["x-tc-action"]) });
    const authorization = String(request.headers.authorization ?? "");
    if (!authorization.startsWith(`TC3-HMAC-SHA256 Credential=${expected.secretId}/`) || request.headers["x-tc-action"] !== "DescribeCaptchaResult") {
      return sendJson(response, 200, { Response: { Error: { Code: "AuthFailure.SignatureFailure", Message: "bad signature" }, RequestId: "r" } });
    }
    if (body.AppSecretKey !== expected.appSecretKey || body.CaptchaAppId !== expected.captchaAppId) {
      return sendJson(response, 200, { Response: { CaptchaCode: 7, CaptchaMsg: "CaptchaAppId does not match", RequestId: "r" } });
    }
    const ok = body.Ticket === GOOD_TOKEN && typeof body.Randstr === "string" && body.Randstr.length > 0;
    sendJson(response, 200, { Response: ok ? { CaptchaCode: 1, CaptchaMsg: "OK", RequestId: "r" } : { CaptchaCode: 21, CaptchaMsg: "ticket error", RequestId: "r" } });
  });
  return { ...server, requests };
}

/** Aliyun VerifyIntelligentCaptcha: checks the RPC signature with the secret; `Result.VerifyResult`. */
export async function startFakeAliyunCaptcha(expected: { accessKeyId: string; accessKeySecret: string }): Promise<FakeCaptcha> {
  const requests: Record<string, string>[] = [];
  const server = await listenOnLoopback(async (request, response) => {
    const params = Object.fromEntries(new URLSearchParams(await readBody(request)));
    requests.push(params);
    const { Signature: signature, ...signed } = params;
    if (params.AccessKeyId !== expected.accessKeyId || signature !== signAliyunRpc("POST", signed, expected.accessKeySecret)) {
      return sendJson(response, 400, { Code: "SignatureDoesNotMatch", Message: "bad signature" });
    }
    const ok = params.Action === "VerifyIntelligentCaptcha" && params.CaptchaVerifyParam === GOOD_TOKEN;
    sendJson(response, 200, { RequestId: "r", Success: true, Code: "Success", Result: { VerifyResult: ok, VerifyCode: ok ? "T001" : "F003" } });
  });
  return { ...server, requests };
}

/** A proof-of-work challenge signed with `secret` as the service would, with any expiry (forging tests). */
export function signedPowChallenge(secret: string, payload: { id: string; d: number; exp: number }): string {
  const encoded = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${encoded}.${createHmac("sha256", secret).update(`pow-captcha:${encoded}`).digest("base64url")}`;
}
