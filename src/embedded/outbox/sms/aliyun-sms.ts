import { createHmac, randomUUID } from "node:crypto";
import type { OutgoingSms, SmsProvider } from "../types";
import { codeOf, gatewayError, SmsGatewayError, type GatewayErrorTable } from "./sms-gateway-error";

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** 短信签名, e.g. 思维火花. */
  signName: string;
  /** 模板 CODE of a verification-code template with one `${code}` parameter. */
  templateCode: string;
  /** Default https://dysmsapi.aliyuncs.com (tests: the local fake). */
  endpoint?: string;
  fetch?: typeof fetch;
}

/** Aliyun's RPC percent-encoding (RFC 3986: also `!'()*`, space as %20). */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Aliyun's RPC signature (SignatureVersion 1.0, HMAC-SHA1): the sorted, encoded parameters are signed
 * with `<secret>&`. Written here rather than taking the official SDK: its HTTP stack is a dependency
 * tree of its own for one signed POST; the tests check this against the official @alicloud/pop-core.
 */
export function signAliyunRpc(method: "GET" | "POST", params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${aliyunPercentEncode(key)}=${aliyunPercentEncode(params[key]!)}`)
    .join("&");
  const stringToSign = `${method}&${aliyunPercentEncode("/")}&${aliyunPercentEncode(canonical)}`;
  return createHmac("sha1", `${accessKeySecret}&`).update(stringToSign).digest("base64");
}

/** Mainland numbers without the country code (Aliyun's format); others keep theirs, as its 国际短信 wants. */
export function aliyunPhoneNumber(phone: string): string {
  const digits = phone.replace(/^\+/, "");
  return /^861\d{10}$/.test(digits) ? digits.slice(2) : digits;
}

const ALIYUN_ERRORS: GatewayErrorTable = {
  "isv.BUSINESS_LIMIT_CONTROL": { reason: "rate_limited", message: "短信发送太频繁（阿里云流控），请稍后再试" },
  "isv.DAY_LIMIT_CONTROL": { reason: "rate_limited", message: "该号码今天收到的短信已达上限，请明天再试" },
  "isv.MOBILE_NUMBER_ILLEGAL": { reason: "invalid_phone", message: "手机号码格式不正确" },
  "isv.MOBILE_COUNT_OVER_LIMIT": { reason: "invalid_phone", message: "手机号码数量超过限制" },
  "isv.BLACK_KEY_CONTROL_LIMIT": { reason: "failed", message: "短信内容含有禁止发送的关键字" },
  "isv.AMOUNT_NOT_ENOUGH": { reason: "failed", message: "阿里云短信账户余额不足" },
  "isv.OUT_OF_SERVICE": { reason: "failed", message: "阿里云短信服务已停机，请检查账户" },
  "isv.SMS_SIGNATURE_ILLEGAL": { reason: "failed", message: "短信签名不可用，请检查 ALIYUN_SMS_SIGN_NAME" },
  "isv.SMS_TEMPLATE_ILLEGAL": { reason: "failed", message: "短信模板不可用，请检查 ALIYUN_SMS_TEMPLATE_CODE" },
  "isv.TEMPLATE_MISSING_PARAMETERS": { reason: "failed", message: "短信模板参数不匹配：模板需要且只需要一个 ${code} 参数" },
  "isv.INVALID_PARAMETERS": { reason: "failed", message: "短信请求参数不正确" },
  InvalidAccessKeyId: { reason: "failed", message: "阿里云 AccessKey ID 不存在，请检查 ALIYUN_SMS_ACCESS_KEY_ID" },
  "InvalidAccessKeyId.NotFound": { reason: "failed", message: "阿里云 AccessKey ID 不存在，请检查 ALIYUN_SMS_ACCESS_KEY_ID" },
  SignatureDoesNotMatch: { reason: "failed", message: "阿里云签名校验失败，请检查 ALIYUN_SMS_ACCESS_KEY_SECRET" },
  "SignatureNonceUsed": { reason: "failed", message: "阿里云请求重复（SignatureNonce 已使用）" },
};

/** SendSms of Aliyun's 短信服务 (Dysmsapi 2017-05-25). */
export function createAliyunSmsProvider(options: AliyunSmsOptions): SmsProvider {
  const endpoint = (options.endpoint ?? "https://dysmsapi.aliyuncs.com").replace(/\/+$/, "");
  const send = options.fetch ?? fetch;
  return {
    name: "aliyun",
    async send(sms: OutgoingSms) {
      const params: Record<string, string> = {
        AccessKeyId: options.accessKeyId,
        Action: "SendSms",
        Format: "JSON",
        PhoneNumbers: aliyunPhoneNumber(sms.to),
        RegionId: "cn-hangzhou",
        SignName: options.signName,
        SignatureMethod: "HMAC-SHA1",
        SignatureNonce: randomUUID(),
        SignatureVersion: "1.0",
        TemplateCode: options.templateCode,
        TemplateParam: JSON.stringify({ code: codeOf(sms, "aliyun") }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
        Version: "2017-05-25",
      };
      params.Signature = signAliyunRpc("POST", params, options.accessKeySecret);
      const response = await send(`${endpoint}/`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string; BizId?: string };
      if (answer.Code !== "OK") {
        throw answer.Code ? gatewayError("aliyun", ALIYUN_ERRORS, answer.Code, answer.Message ?? "") : new SmsGatewayError("aliyun", `http_${response.status}`, "failed", `阿里云短信接口返回 HTTP ${response.status}`);
      }
      return { messageId: answer.BizId };
    },
  };
}
