import { withSpokenAiNotice } from "@/features/compliance";
import { difyProxyUrl } from "@/features/ai-apps";
import { DifyRequestError } from "@/features/ai-runtime";

/** Calls of the chat page's voice features through the proxy (reference §5.4). */

const NETWORK = "网络连接失败，请检查网络后重试";

async function failure(response: Response, fallback: string): Promise<DifyRequestError> {
  const body: unknown = await response.json().catch(() => undefined);
  const message = body && typeof body === "object" && "message" in body && typeof body.message === "string" && body.message ? body.message : fallback;
  return new DifyRequestError(response.status, message);
}

async function post(url: string, init: RequestInit, fallback: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", ...init });
  } catch (error) {
    if (error instanceof Error && error.name === "AbortError") throw error;
    throw new DifyRequestError(0, NETWORK);
  }
  if (!response.ok) throw await failure(response, fallback);
  return response;
}

/** The recording's file name by its type, so the proxy and Dify see a known extension. */
function recordingName(type: string): string {
  if (type.includes("mp4") || type.includes("m4a")) return "recording.m4a";
  if (type.includes("wav")) return "recording.wav";
  if (type.includes("mpeg") || type.includes("mp3")) return "recording.mp3";
  return "recording.webm";
}

/** Speech → text: the app's transcript of a recording. */
export async function transcribeRecording(appid: string, recording: Blob, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append("file", recording, recordingName(recording.type));
  const response = await post(difyProxyUrl("audio-to-text", appid), { body: form, signal }, "语音识别失败，请重试");
  const body = (await response.json().catch(() => ({}))) as { text?: unknown };
  return typeof body.text === "string" ? body.text.trim() : "";
}

/** The most text-to-audio takes in one call (its body's limit). */
const SPEECH_MAX_CHARS = 5000;

/** What is read aloud: the spoken 「以下内容由 AI 生成」 notice (GB 45438-2025), then the answer. */
export function speechTextOf(answer: string): string {
  return withSpokenAiNotice(answer.trim()).slice(0, SPEECH_MAX_CHARS);
}

/**
 * Text → speech: an answer read aloud, as audio bytes. Sent as text, not as the message id, so the
 * audio starts with the spoken notice.
 */
export async function fetchSpeech(appid: string, answer: string, signal?: AbortSignal): Promise<Blob> {
  const response = await post(
    difyProxyUrl("text-to-audio", appid),
    { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text: speechTextOf(answer) }), signal },
    "朗读失败，请重试",
  );
  return response.blob();
}

/** Puts a transcript after what is already typed (a space only between Latin words). */
export function appendTranscript(current: string, transcript: string): string {
  if (!transcript) return current;
  if (current.trim() === "") return transcript;
  const separator = /[\s\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]$/.test(current) || /^[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/.test(transcript) ? "" : " ";
  return `${current}${separator}${transcript}`;
}
