import { createHash, createHmac } from "node:crypto";
import type { OutgoingSms, SmsProvider } from "../types";
import { codeOf, gatewayError, SmsGatewayError, type GatewayErrorTable } from "./sms-gateway-error";

export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId of the 短信应用. */
  sdkAppId: string;
  signName: string;
  /** A verification-code template whose first parameter is the code. */
  templateId: string;
  /** Default ap-guangzhou. */
  region?: string;
  /** Default https://sms.tencentcloudapi.com (tests: the local fake). */
  endpoint?: string;
  fetch?: typeof fetch;
}

const CONTENT_TYPE = "application/json; charset=utf-8";
const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");
const hmac = (key: string | Buffer, text: string) => createHmac("sha256", key).update(text).digest();

/**
 * Tencent Cloud's TC3-HMAC-SHA256 `Authorization` for a JSON POST to `/`, signing content-type and
 * host as the official SDK does. Written here rather than taking tencentcloud-sdk-nodejs: that brings
 * its own HTTP stack for one signed POST; the tests check this against the official SDK's signer.
 */
export function tc3Authorization(input: { secretId: string; secretKey: string; host: string; service: string; payload: string; timestamp: number }): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = ["POST", "/", "", `content-type:${CONTENT_TYPE}\nhost:${input.host}\n`, "content-type;host", sha256Hex(input.payload)].join("\n");
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ["TC3-HMAC-SHA256", String(input.timestamp), scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), "tc3_request");
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

const TENCENT_ERRORS: GatewayErrorTable = {
  "LimitExceeded.PhoneNumberThirtySecondLimit": { reason: "rate_limited", message: "短信发送太频繁（30 秒内），请稍后再试" },
  "LimitExceeded.PhoneNumberOneHourLimit": { reason: "rate_limited", message: "该号码一小时内收到的短信已达上限，请稍后再试" },
  "LimitExceeded.PhoneNumberDailyLimit": { reason: "rate_limited", message: "该号码今天收到的短信已达上限，请明天再试" },
  "LimitExceeded.PhoneNumberSameContentDailyLimit": { reason: "rate_limited", message: "该号码今天收到的相同内容短信已达上限" },
  "LimitExceeded.DeliveryFrequencyLimit": { reason: "rate_limited", message: "短信发送太频繁，请稍后再试" },
  "InvalidParameterValue.IncorrectPhoneNumber": { reason: "invalid_phone", message: "手机号码格式不正确" },
  "UnsupportedOperation.UnsupportedRegion": { reason: "invalid_phone", message: "暂不支持向该国家或地区的号码发送短信" },
  "FailedOperation.InsufficientBalanceInSmsPackage": { reason: "failed", message: "腾讯云短信套餐包余量不足" },
  "FailedOperation.SignatureIncorrectOrUnapproved": { reason: "failed", message: "短信签名未审核通过或不存在，请检查 TENCENT_SMS_SIGN_NAME" },
  "FailedOperation.TemplateIncorrectOrUnapproved": { reason: "failed", message: "短信模板未审核通过或不存在，请检查 TENCENT_SMS_TEMPLATE_ID" },
  "FailedOperation.ContainSensitiveWord": { reason: "failed", message: "短信内容含有敏感词" },
  "InvalidParameterValue.TemplateParameterFormatError": { reason: "failed", message: "短信模板参数格式不正确" },
  "AuthFailure.SignatureFailure": { reason: "failed", message: "腾讯云签名校验失败，请检查 TENCENT_SMS_SECRET_KEY" },
  "AuthFailure.SecretIdNotFound": { reason: "failed", message: "腾讯云 SecretId 不存在，请检查 TENCENT_SMS_SECRET_ID" },
  "AuthFailure.SignatureExpire": { reason: "failed", message: "腾讯云签名已过期，请检查服务器时间" },
};

interface SendSmsAnswer {
  Response?: {
    Error?: { Code: string; Message: string };
    SendStatusSet?: { SerialNo?: string; Code: string; Message: string }[];
  };
}

/** SendSms of Tencent Cloud's 短信 (API 2021-01-11). */
export function createTencentSmsProvider(options: TencentSmsOptions): SmsProvider {
  const endpoint = new URL(options.endpoint ?? "https://sms.tencentcloudapi.com");
  const send = options.fetch ?? fetch;
  return {
    name: "tencent",
    async send(sms: OutgoingSms) {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+${sms.to.replace(/^\+/, "")}`],
        SmsSdkAppId: options.sdkAppId,
        SignName: options.signName,
        TemplateId: options.templateId,
        TemplateParamSet: [codeOf(sms, "tencent")],
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await send(endpoint, {
        method: "POST",
        headers: {
          Authorization: tc3Authorization({ secretId: options.secretId, secretKey: options.secretKey, host: endpoint.hostname, service: "sms", payload, timestamp }),
          "Content-Type": CONTENT_TYPE,
          "X-TC-Action": "SendSms",
          "X-TC-Version": "2021-01-11",
          "X-TC-Timestamp": String(timestamp),
          "X-TC-Region": options.region ?? "ap-guangzhou",
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      const answer = ((await response.json().catch(() => ({}))) as SendSmsAnswer).Response;
      const failure = answer?.Error ?? answer?.SendStatusSet?.find((status) => status.Code !== "Ok");
      if (failure) throw gatewayError("tencent", TENCENT_ERRORS, failure.Code, failure.Message);
      const sent = answer?.SendStatusSet?.[0];
      if (!sent) throw new SmsGatewayError("tencent", `http_${response.status}`, "failed", `腾讯云短信接口返回 HTTP ${response.status}`);
      return { messageId: sent.SerialNo };
    },
  };
}
