/**
 * A Chinese SMS gateway refused or failed a send. `reason` decides what the auth service answers
 * (GoTrue's codes); `message` is the Chinese explanation for the log and the operator.
 */
export type SmsFailureReason = "rate_limited" | "invalid_phone" | "failed";

export class SmsGatewayError extends Error {
  constructor(
    readonly provider: "aliyun" | "tencent",
    /** The gateway's own error code, e.g. `isv.BUSINESS_LIMIT_CONTROL`. */
    readonly code: string,
    readonly reason: SmsFailureReason,
    message: string,
  ) {
    super(message);
    this.name = "SmsGatewayError";
  }
}

/** A gateway's error codes → reason and Chinese message; unknown codes are failures with the gateway's text. */
export type GatewayErrorTable = Record<string, { reason: SmsFailureReason; message: string }>;

export function gatewayError(provider: "aliyun" | "tencent", table: GatewayErrorTable, code: string, gatewayMessage: string): SmsGatewayError {
  const known = table[code];
  return new SmsGatewayError(provider, code, known?.reason ?? "failed", known?.message ?? `短信发送失败（${code}）：${gatewayMessage}`);
}

/** The verification code an SMS carries: Chinese gateways send templates with parameters, not free text. */
export function codeOf(sms: { code?: string; kind: string }, provider: "aliyun" | "tencent"): string {
  if (!sms.code) throw new SmsGatewayError(provider, "no_code", "failed", `短信模板只能发送验证码，这条「${sms.kind}」短信没有验证码`);
  return sms.code;
}
