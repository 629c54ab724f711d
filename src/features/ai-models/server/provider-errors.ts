import OpenAI from "openai";

/** Why a provider call failed, in the terms the user and the fallback logic need. */
export type ProviderFailure = "invalid_key" | "rate_limited" | "unavailable" | "timeout" | "context_length" | "bad_request" | "model_not_found" | "interrupted";

/** The Chinese message each failure shows (the provider's own English text is only logged). */
export const PROVIDER_FAILURE_TEXT: Record<ProviderFailure, string> = {
  invalid_key: "模型服务配置有误，请联系管理员。",
  rate_limited: "模型服务繁忙，请稍后再试。",
  unavailable: "模型服务暂时不可用，请稍后再试。",
  timeout: "模型服务响应超时，请稍后再试。",
  context_length: "对话太长，超出了模型能处理的长度，请新建一个对话再问。",
  bad_request: "模型服务拒绝了这次请求，请换个问法再试。",
  model_not_found: "模型服务找不到这个模型，请联系管理员。",
  interrupted: "回答中途中断了，上面是已经收到的部分。",
};

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    readonly detail: string,
  ) {
    super(`${failure}: ${detail}`);
    this.name = "ProviderError";
  }

  /** Worth trying the fallback provider: nothing was sent to the user yet and the cause is the provider's. */
  get triesFallback(): boolean {
    return this.failure === "rate_limited" || this.failure === "unavailable" || this.failure === "timeout";
  }
}

const CONTEXT_LENGTH = /context[_ ]length|maximum context|context window|too many tokens|prompt is too long|input is too long/i;

/** Maps what the `openai` client threw to a failure kind. */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new ProviderError("timeout", error.message);
  if (error instanceof OpenAI.APIConnectionError) return new ProviderError("unavailable", error.message);
  if (error instanceof OpenAI.APIError) {
    const code = typeof error.code === "string" ? error.code : "";
    const text = `${error.status ?? ""} ${code} ${error.message}`;
    if (code === "context_length_exceeded" || CONTEXT_LENGTH.test(error.message)) return new ProviderError("context_length", text);
    if (error.status === 401 || error.status === 403) return new ProviderError("invalid_key", text);
    if (error.status === 404 || code === "model_not_found") return new ProviderError("model_not_found", text);
    if (error.status === 429) return new ProviderError("rate_limited", text);
    if (error.status === undefined || error.status >= 500) return new ProviderError("unavailable", text);
    return new ProviderError("bad_request", text);
  }
  return new ProviderError("unavailable", error instanceof Error ? error.message : String(error));
}
