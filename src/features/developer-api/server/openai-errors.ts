/**
 * Errors of the OpenAI-compatible API in OpenAI's shape (`{error: {message, type, param, code}}`),
 * which the official SDKs turn into typed exceptions; `statusCode` and `message` are repeated at the
 * top level, as every other API of ours answers.
 */
export type OpenAiErrorCode =
  | "invalid_api_key"
  | "insufficient_quota"
  | "model_not_found"
  | "rate_limit_exceeded"
  | "context_length_exceeded"
  | "invalid_request"
  | "conversation_not_found"
  | "request_too_large"
  | "upstream_error"
  | "server_error"
  | "unknown_url"
  | "method_not_allowed"
  | "phone_required"
  | "user_banned"
  | "permission_denied"
  | "content_filter";

const TYPE_OF: Record<OpenAiErrorCode, string> = {
  invalid_api_key: "invalid_request_error",
  insufficient_quota: "insufficient_quota",
  model_not_found: "invalid_request_error",
  rate_limit_exceeded: "requests",
  context_length_exceeded: "invalid_request_error",
  invalid_request: "invalid_request_error",
  conversation_not_found: "invalid_request_error",
  request_too_large: "invalid_request_error",
  upstream_error: "api_error",
  server_error: "api_error",
  unknown_url: "invalid_request_error",
  method_not_allowed: "invalid_request_error",
  phone_required: "permission_error",
  user_banned: "permission_error",
  permission_denied: "permission_error",
  content_filter: "invalid_request_error",
};

export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: OpenAiErrorCode };
  statusCode: number;
  message: string;
}

export function openAiErrorBody(status: number, code: OpenAiErrorCode, message: string, param: string | null = null): OpenAiErrorBody {
  return { error: { message, type: TYPE_OF[code], param, code }, statusCode: status, message };
}

export function openAiError(status: number, code: OpenAiErrorCode, message: string, options: { param?: string; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(options.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(openAiErrorBody(status, code, message, options.param ?? null), { status, headers });
}

/**
 * The API's status and code for an error the AI proxy answered (`{statusCode, message, code?}`, as
 * JSON before a stream or as an SSE `error` event inside one).
 */
export function fromProxyError(status: number, message: string, proxyCode: string | undefined): { status: number; code: OpenAiErrorCode } {
  if (proxyCode === "model_context_length") return { status: 400, code: "context_length_exceeded" };
  // The real-name step (src/features/compliance): OpenAI's 403 PermissionDeniedError.
  if (proxyCode === "phone_required") return { status: 403, code: "phone_required" };
  // Content safety refused the question (src/features/content-safety).
  if (proxyCode === "content_filter") return { status: 400, code: "content_filter" };
  if (status === 402) return { status: 429, code: "insufficient_quota" };
  if (status === 429) return { status: 429, code: "rate_limit_exceeded" };
  if (status === 404) return { status: 404, code: "conversation_not_found" };
  if (status === 413) return { status: 413, code: "request_too_large" };
  if (status >= 400 && status < 500) return { status: 400, code: "invalid_request" };
  return { status: status >= 500 && status < 600 ? status : 502, code: "upstream_error" };
}

export const API_MESSAGES = {
  missingKey: "缺少 API 密钥：请在 Authorization 请求头中以 Bearer sk-… 的形式提供",
  invalidKey: "API 密钥无效、已撤销或已过期",
  userInactive: "该 API 密钥所属的账户已停用",
  modelNotFound: (model: string) => `模型 ${model} 不存在，或这个 API 密钥无权使用它`,
  keyCapReached: "这个 API 密钥本月的 Token 上限已用完",
  rateLimited: "请求太频繁，请稍后再试",
  keyRateLimited: (perMinute: number) => `这个 API 密钥每分钟最多 ${perMinute} 次请求，请稍后再试`,
  ipNotAllowed: (address: string) => `这个 API 密钥不允许从当前地址（${address}）调用：请在密钥的 IP 白名单中加入这个地址或网段`,
  tooLarge: "请求体太大",
  noUserMessage: "messages 中至少要有一条内容不为空的 user 消息",
  noVision: (model: string) => `模型 ${model} 不能识别图片（image_url），请换一个支持图片的模型，或去掉图片`,
  noToolsOnDify: (model: string) => `${model} 是 Dify 应用，不支持函数调用（tools、tool_choice 和 tool 消息）；函数调用请使用模型应用`,
  embeddingModel: (model: string) => `${model} 是向量模型，请用 POST /v1/embeddings 调用`,
  noEmbeddings: (model: string) => `${model} 不提供向量（embeddings），请在 GET /v1/models 中选择一个向量模型`,
  unavailable: "服务暂时不可用，请稍后重试",
  methodNotAllowed: (method: string, path: string, allowed: string) => `${path} 不支持 ${method} 请求，请用 ${allowed}`,
  unknownUrl: (method: string, path: string) => `没有这个接口：${method} ${path}（目前支持 GET /v1/models、GET /v1/models/{id}、POST /v1/chat/completions、POST /v1/embeddings 和 POST /v1/responses）`,
} as const;

/** A /v1 endpoint called with a method it does not take: OpenAI's 405, with `Allow`. */
export function methodNotAllowed(request: Request, allowed: "GET" | "POST"): Response {
  const { pathname } = new URL(request.url);
  return openAiError(405, "method_not_allowed", API_MESSAGES.methodNotAllowed(request.method, pathname, allowed), { headers: { Allow: allowed } });
}
