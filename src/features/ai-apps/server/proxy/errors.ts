import { isChineseText } from "@/lib/chinese-text";

/** The product's API error shape; `code` keeps Dify's code (when there is one) for the UI. */
export function jsonError(statusCode: number, message: string, extra: { code?: string; headers?: HeadersInit } = {}): Response {
  const body: Record<string, unknown> = { statusCode, message };
  if (extra.code) body.code = extra.code;
  return Response.json(body, { status: statusCode, headers: extra.headers });
}

interface DifyErrorBody {
  code?: unknown;
  message?: unknown;
}

const CONFIG_PROBLEMS = new Set(["provider_not_initialize", "provider_quota_exceeded", "model_currently_not_support", "app_unavailable", "agent_not_published"]);

/** Dify's errors of audio-to-text and text-to-audio (reference §5.4). */
const AUDIO_MESSAGES: Record<string, string> = {
  speech_to_text_disabled: "该应用未开启语音输入",
  provider_not_support_speech_to_text: "该应用的模型不支持语音识别",
  provider_not_support_text_to_speech: "该应用的模型不支持语音朗读",
  no_audio_uploaded: "没有收到录音，请重新录制",
  audio_too_large: "录音太大，请缩短后重试",
  unsupported_audio_type: "不支持该录音格式",
};

/** Chinese message for a Dify error (envelope code + HTTP status). */
export function chineseMessageFor(status: number, code: string | undefined, upstreamMessage: string): string {
  // Our own model server (model apps) already says what went wrong, in Chinese.
  if (code?.startsWith("model_") && isChineseText(upstreamMessage)) return upstreamMessage;
  if (code && CONFIG_PROBLEMS.has(code)) return "AI 应用暂时不可用（模型或应用配置有问题），请联系管理员";
  if (code === "completion_request_error") return "模型调用失败，请稍后重试";
  if (code === "conversation_completed") return "该对话已结束，请新建对话";
  const audio = code ? AUDIO_MESSAGES[code] : undefined;
  if (audio) return audio;
  if (status === 400 && /TTS is not enabled/i.test(upstreamMessage)) return "该应用未开启语音朗读";
  if (status === 404) {
    if (/conversation/i.test(upstreamMessage)) return "对话不存在或已删除";
    if (/message/i.test(upstreamMessage)) return "消息不存在或已删除";
    return "请求的内容不存在";
  }
  // Dify's answer to an upload_file_id that is unknown or another user's.
  if (status === 400 && /invalid upload file/i.test(upstreamMessage)) return "文件不存在或已失效，请重新上传";
  if (status === 413) return "文件太大，无法上传";
  if (status === 415) return "不支持的文件类型";
  if (status === 429) return "请求太频繁，请稍后再试";
  if (status === 401 || status === 403) return "AI 应用配置有误（密钥无效或应用已停用），请联系管理员";
  if (status >= 500) return "AI 服务暂时不可用，请稍后重试";
  return inputProblemMessage(upstreamMessage);
}

/**
 * Dify checks an app's inputs and answers in English ("audience is required in input form"). Those we
 * recognise are said in Chinese; other English text is only logged.
 */
function inputProblemMessage(upstreamMessage: string): string {
  const required = /^(.+?) is required in input form$/.exec(upstreamMessage);
  if (required) return `请求参数有误：请填写「${required[1]}」`;
  const tooLong = /^(.+?) in input form must be less than (\d+) characters$/.exec(upstreamMessage);
  if (tooLong) return `请求参数有误：「${tooLong[1]}」不能超过 ${tooLong[2]} 个字符`;
  const notAnOption = /^(.+?) in input form must be one of the following/.exec(upstreamMessage);
  if (notAnOption) return `请求参数有误：「${notAnOption[1]}」的取值不在可选范围内`;
  if (isChineseText(upstreamMessage)) return `请求参数有误：${upstreamMessage}`;
  if (upstreamMessage) console.warn("[dify] 上游返回的参数错误：", upstreamMessage);
  return "请求参数有误，请检查填写的内容";
}

/** HTTP status we answer for an upstream error status. */
function ourStatusFor(upstreamStatus: number): number {
  if (upstreamStatus === 401 || upstreamStatus === 403) return 502; // our key/config, not the caller's fault
  if (upstreamStatus >= 500) return 502;
  if (upstreamStatus >= 400) return upstreamStatus;
  return 502;
}

/** Maps a non-2xx upstream answer to `{statusCode, message, code}` (Retry-After kept for 429). */
export async function mapUpstreamError(response: Response): Promise<Response> {
  let body: DifyErrorBody = {};
  try {
    body = (await response.json()) as DifyErrorBody;
  } catch {
    // not JSON: status alone decides
  }
  const code = typeof body.code === "string" ? body.code : undefined;
  const message = typeof body.message === "string" ? body.message : "";
  const headers: Record<string, string> = {};
  const retryAfter = response.headers.get("retry-after");
  if (response.status === 429) headers["Retry-After"] = retryAfter ?? "5";
  return jsonError(ourStatusFor(response.status), chineseMessageFor(response.status, code, message), { code, headers });
}

/** A final SSE `error` event in Dify's shape, with a Chinese message. */
export function sseErrorFrame(status: number, code: string, message: string): string {
  return `data: ${JSON.stringify({ event: "error", status, code, message })}\n\n`;
}

export const MESSAGES = {
  unauthenticated: "请先登录",
  appNotFound: "应用不存在或已停用",
  endpointNotFound: "接口不存在",
  methodNotAllowed: "不支持该请求方法",
  wrongKind: "该应用不支持此操作",
  invalidJson: "请求体不是有效的 JSON",
  taskNotFound: "任务不存在或已结束",
  unreachable: "无法连接 AI 服务，请稍后重试",
  timeout: "AI 服务响应超时，请稍后重试",
  badUpstream: "AI 服务返回了无法识别的数据，请稍后重试",
  cut: "AI 服务连接中断，回答不完整，请重试",
  idle: "AI 服务长时间没有响应，已停止等待，请重试",
  restarting: "服务正在重启，本次回答已中断，请稍后重试",
} as const;
