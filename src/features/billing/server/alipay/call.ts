import type { AlipaySdkCommonResult } from "alipay-sdk";

/** An Alipay API answer that is not 10000 (success): Alipay's codes are kept for the caller and logs. */
export class AlipayCallError extends Error {
  readonly code: string;
  readonly subCode: string | undefined;
  constructor(message: string, result: Pick<AlipaySdkCommonResult, "code" | "sub_code" | "sub_msg">) {
    super(message);
    this.name = "AlipayCallError";
    this.code = result.code;
    this.subCode = typeof result.sub_code === "string" ? result.sub_code : undefined;
  }
}

/** Throws unless Alipay answered code 10000. */
export function expectSuccess(result: AlipaySdkCommonResult): void {
  if (result.code !== "10000") {
    throw new AlipayCallError(`支付宝接口调用失败：${typeof result.sub_msg === "string" ? result.sub_msg : result.msg}`, result);
  }
}
