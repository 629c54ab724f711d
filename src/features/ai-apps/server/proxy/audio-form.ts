import { jsonError } from "./errors";
import { readFormWithin } from "./limited-body";

/**
 * Our cap on a recording for `audio-to-text` (Dify allows 30 MB). The chat page records at most 60 s
 * of ~32 kbps Opus (≈ 240 KB); 10 MB leaves room for other clients' formats without letting one
 * request hold much memory. (Behind `npm start`, non-storage bodies are capped at 1 MB anyway:
 * src/lib/net/request-limits.mjs.)
 */
export const AUDIO_LIMIT_BYTES = 10 * 1024 * 1024;
const MULTIPART_OVERHEAD = 64 * 1024;
const TOO_LARGE = `录音太大，最大 ${AUDIO_LIMIT_BYTES / 1024 / 1024} MB`;

/**
 * Dify compares a recording's type exactly with `audio/{mp3,m4a,wav,amr,mpga,webm}`; browsers name
 * theirs `audio/webm;codecs=opus`, `audio/mp4` (Safari), `audio/mpeg`, `audio/x-wav`… Each maps to
 * Dify's spelling and the file name's extension; anything else is refused (415).
 */
const AUDIO_TYPES: Record<string, string> = {
  "audio/webm": "webm",
  "video/webm": "webm", // Chrome names an audio-only WebM so when asked without a type
  "audio/mp3": "mp3",
  "audio/mpeg": "mp3",
  "audio/mpga": "mpga",
  "audio/m4a": "m4a",
  "audio/x-m4a": "m4a",
  "audio/mp4": "m4a",
  "audio/wav": "wav",
  "audio/wave": "wav",
  "audio/x-wav": "wav",
  "audio/amr": "amr",
};

/** The Dify type of a browser's recording type (`audio/webm;codecs=opus` → `audio/webm`), or null. */
export function difyAudioType(type: string): { type: string; extension: string } | null {
  const essence = type.split(";")[0]!.trim().toLowerCase();
  const extension = AUDIO_TYPES[essence];
  return extension ? { type: `audio/${extension}`, extension } : null;
}

/**
 * Rebuilds the browser's `audio-to-text` form for the upstream: one non-empty `file` of a known
 * audio type (normalised), at most `AUDIO_LIMIT_BYTES`, and `user` set to the signed-in user.
 */
export async function prepareAudioForm(request: Request, userId: string): Promise<FormData | Response> {
  const incoming = await readFormWithin(request, AUDIO_LIMIT_BYTES + MULTIPART_OVERHEAD, TOO_LARGE);
  if (incoming instanceof Response) return incoming;
  const files = incoming.getAll("file").filter((part): part is File => typeof part !== "string");
  if (files.length !== 1 || files[0]!.size === 0) return jsonError(400, "没有收到录音，请重新录制");
  const file = files[0]!;
  if (file.size > AUDIO_LIMIT_BYTES) return jsonError(413, TOO_LARGE);
  const audio = difyAudioType(file.type);
  if (!audio) return jsonError(415, "不支持该录音格式");
  const form = new FormData();
  form.append("file", new File([file], `recording.${audio.extension}`, { type: audio.type }));
  form.append("user", userId);
  return form;
}
