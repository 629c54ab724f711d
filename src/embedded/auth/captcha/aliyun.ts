import { randomUUID } from "node:crypto";
import { signAliyunRpc } from "@/embedded/outbox/sms/aliyun-sms";
import { passed, refused, type CaptchaVerifier } from "./captcha-verifier";

export interface AliyunCaptchaOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** 场景 ID of the 验证码 2.0 scene the browser widget used. */
  sceneId?: string;
  /** Default https://captcha.cn-shanghai.aliyuncs.com (tests: a local fake). */
  verifyUrl?: string;
}

interface VerifyAnswer {
  Code?: string;
  Message?: string;
  Result?: { VerifyResult?: boolean; VerifyCode?: string };
}

/**
 * 阿里云验证码 2.0: VerifyIntelligentCaptcha (API 2023-03-05) with the widget's `captchaVerifyParam`
 * as the token, RPC-signed like the SMS gateway.
 */
export function createAliyunCaptchaVerifier(options: AliyunCaptchaOptions): CaptchaVerifier {
  const endpoint = (options.verifyUrl ?? "https://captcha.cn-shanghai.aliyuncs.com").replace(/\/+$/, "");
  return {
    provider: "aliyun",
    async verify(token) {
      const params: Record<string, string> = {
        AccessKeyId: options.accessKeyId,
        Action: "VerifyIntelligentCaptcha",
        CaptchaVerifyParam: token,
        Format: "JSON",
        SignatureMethod: "HMAC-SHA1",
        SignatureNonce: randomUUID(),
        SignatureVersion: "1.0",
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
        Version: "2023-03-05",
        ...(options.sceneId ? { SceneId: options.sceneId } : {}),
      };
      params.Signature = signAliyunRpc("POST", params, options.accessKeySecret);
      const response = await fetch(`${endpoint}/`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json()) as VerifyAnswer;
      if (answer.Code !== "Success" || typeof answer.Result?.VerifyResult !== "boolean") {
        throw new Error(`阿里云验证码接口出错：${answer.Code ?? `HTTP ${response.status}`} ${answer.Message ?? ""}`);
      }
      return answer.Result.VerifyResult ? passed : refused(`aliyun-${answer.Result.VerifyCode ?? "failed"}`);
    },
  };
}
