import type { AiApp } from "../registry";
import { jsonError } from "./errors";
import type { UpstreamCaller } from "./upstream";

type Json = Record<string, unknown>;

/** Extension families Dify knows (reference §4.1). */
const FAMILIES: Record<string, readonly string[]> = {
  image: ["jpg", "jpeg", "png", "gif", "webp", "svg"],
  document: ["txt", "md", "markdown", "pdf", "html", "xlsx", "xls", "docx", "csv", "eml", "msg", "pptx", "ppt", "xml", "epub"],
  audio: ["mp3", "m4a", "wav", "webm", "amr"],
  video: ["mp4", "mov", "mpeg", "mpga"],
};
/** Dify's default `system_parameters` (MB) when an app does not send them. */
const DEFAULT_LIMITS_MB = { image: 10, audio: 50, video: 100, other: 15 };
const MB = 1024 * 1024;
const PARAMETERS_TTL_MS = 60_000;

const obj = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

export interface UploadRules {
  /** Allowed families; `custom` means "the listed extensions". */
  families: Set<string>;
  extensions: Set<string>;
  limitsMb: { image: number; audio: number; video: number; other: number };
}

/** Reads the upload rules from an app's `/parameters` (old `image` block and newer keys alike). */
export function uploadRulesFrom(parameters: Json): UploadRules {
  const upload = obj(parameters.file_upload);
  const system = obj(parameters.system_parameters);
  const families = new Set<string>();
  if (upload.enabled !== false) for (const family of strings(upload.allowed_file_types)) families.add(family);
  if (obj(upload.image).enabled === true) families.add("image");
  for (const family of ["document", "audio", "video"]) if (obj(upload[family]).enabled === true) families.add(family);
  const extensions = strings(upload.allowed_file_extensions);
  // File variables of the input form take uploads too, even when the app's file_upload is off.
  for (const field of fileFieldsOf(parameters.user_input_form)) {
    for (const family of strings(field.allowed_file_types)) families.add(family);
    extensions.push(...strings(field.allowed_file_extensions));
  }
  const number = (value: unknown, fallback: number) => (typeof value === "number" && value > 0 ? value : fallback);
  return {
    families,
    extensions: new Set(extensions.map((extension) => extension.replace(/^\./, "").toLowerCase())),
    limitsMb: {
      image: number(system.image_file_size_limit, DEFAULT_LIMITS_MB.image),
      audio: number(system.audio_file_size_limit, DEFAULT_LIMITS_MB.audio),
      video: number(system.video_file_size_limit, DEFAULT_LIMITS_MB.video),
      other: number(system.file_size_limit, DEFAULT_LIMITS_MB.other),
    },
  };
}

/** The `file` / `file-list` controls of a `user_input_form` that accept local uploads. */
function fileFieldsOf(form: unknown): Json[] {
  if (!Array.isArray(form)) return [];
  return form
    .map((control) => obj(control))
    .map((control) => obj(control.file ?? control["file-list"]))
    .filter((field) => Object.keys(field).length > 0)
    .filter((field) => !Array.isArray(field.allowed_file_upload_methods) || strings(field.allowed_file_upload_methods).includes("local_file"));
}

/** The largest file the app takes: the largest limit among the types it accepts (not of every type). */
export function largestAcceptedLimitBytes(rules: UploadRules): number {
  const limits = [...rules.families].map((family) => (family === "image" || family === "audio" || family === "video" ? rules.limitsMb[family] : rules.limitsMb.other));
  return Math.max(0, ...limits) * MB;
}

/** Null when the file may go upstream, else the error response. */
export function checkUpload(file: File, rules: UploadRules): Response | null {
  if (rules.families.size === 0) return jsonError(403, "该应用未开启文件上传");
  const extension = file.name.includes(".") ? (file.name.split(".").pop() ?? "").toLowerCase() : "";
  const family = Object.entries(FAMILIES).find(([, list]) => list.includes(extension))?.[0];
  const allowed = (family !== undefined && rules.families.has(family)) || (rules.families.has("custom") && rules.extensions.has(extension));
  if (!allowed) return jsonError(415, `不支持的文件类型${extension ? `「.${extension}」` : ""}`);
  const limitMb = family === "image" || family === "audio" || family === "video" ? rules.limitsMb[family] : rules.limitsMb.other;
  if (file.size > limitMb * MB) return jsonError(413, `文件太大，最大 ${limitMb} MB`);
  return null;
}

/** `/parameters` per app, cached briefly (uploads are checked against it). */
export class ParametersCache {
  private readonly entries = new Map<string, { value: Promise<Json>; expiresAt: number }>();

  constructor(private readonly callUpstream: UpstreamCaller, private readonly ttlMs = PARAMETERS_TTL_MS) {}

  /** A registry change (an app's upstream edited in the console): ask again. */
  clear(): void {
    this.entries.clear();
  }

  get(app: AiApp): Promise<Json> {
    const cached = this.entries.get(app.appid);
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    const value = this.callUpstream(app, { method: "GET", path: "/parameters", signal: AbortSignal.timeout(15_000) }).then(async (response) => {
      if (!response.ok) throw new Error(`parameters answered ${response.status}`);
      return obj(await response.json());
    });
    this.entries.set(app.appid, { value, expiresAt: Date.now() + this.ttlMs });
    value.catch(() => this.entries.delete(app.appid));
    return value;
  }
}
