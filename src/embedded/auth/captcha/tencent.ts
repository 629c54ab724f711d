import { z } from "@/lib/zod";
import { tc3Authorization } from "@/embedded/outbox/sms/tencent-sms";
import { passed, refused, type CaptchaVerifier } from "./captcha-verifier";

export interface TencentCaptchaOptions {
  /** Cloud API key (访问管理 → API 密钥). */
  secretId: string;
  secretKey: string;
  /** CaptchaAppId of the 验证码应用 and its AppSecretKey. */
  captchaAppId: string;
  appSecretKey: string;
  /** Default https://captcha.tencentcloudapi.com (tests: a local fake). */
  verifyUrl?: string;
}

/** The browser widget's callback gives `ticket` and `randstr`; both travel in the token, as JSON. */
const tencentToken = z.object({ ticket: z.string().min(1), randstr: z.string().min(1) });

interface DescribeCaptchaResultAnswer {
  Response?: { CaptchaCode?: number; CaptchaMsg?: string; Error?: { Code: string; Message: string } };
}

/** 腾讯云天御验证码: DescribeCaptchaResult (API 2019-07-22), signed TC3-HMAC-SHA256 like the SMS gateway. */
export function createTencentCaptchaVerifier(options: TencentCaptchaOptions): CaptchaVerifier {
  const endpoint = new URL(options.verifyUrl ?? "https://captcha.tencentcloudapi.com");
  return {
    provider: "tencent",
    async verify(token, { ip }) {
      let parsed: z.infer<typeof tencentToken>;
      try {
        parsed = tencentToken.parse(JSON.parse(token));
      } catch {
        return refused("invalid-input-response");
      }
      const payload = JSON.stringify({
        CaptchaType: 9,
        Ticket: parsed.ticket,
        Randstr: parsed.randstr,
        UserIp: ip === "local" ? "127.0.0.1" : ip,
        CaptchaAppId: Number(options.captchaAppId),
        AppSecretKey: options.appSecretKey,
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          Authorization: tc3Authorization({ secretId: options.secretId, secretKey: options.secretKey, host: endpoint.hostname, service: "captcha", payload, timestamp }),
          "Content-Type": "application/json; charset=utf-8",
          "X-TC-Action": "DescribeCaptchaResult",
          "X-TC-Version": "2019-07-22",
          "X-TC-Timestamp": String(timestamp),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      const answer = ((await response.json()) as DescribeCaptchaResultAnswer).Response;
      if (!answer || answer.Error || typeof answer.CaptchaCode !== "number") {
        throw new Error(`腾讯云验证码接口出错：${answer?.Error ? `${answer.Error.Code} ${answer.Error.Message}` : `HTTP ${response.status}`}`);
      }
      // CaptchaCode 1 is a valid ticket; the others name why not (8 expired, 21 wrong ticket, …).
      return answer.CaptchaCode === 1 ? passed : refused(`tencent-${answer.CaptchaCode}`, answer.CaptchaMsg ?? "");
    },
  };
}
