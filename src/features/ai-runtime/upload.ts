import { difyProxyUrl } from "@/features/ai-apps";
import { DifyRequestError, GENERIC_MESSAGE, NETWORK_MESSAGE } from "./errors";
import type { DifyFileKind, DifyFileUploadConfig, DifySystemParameters, DifyUploadedFile } from "./types";

/** Extension families (reference §4.1). */
const FAMILIES: Record<Exclude<DifyFileKind, "custom">, string[]> = {
  image: ["jpg", "jpeg", "png", "gif", "webp", "svg"],
  document: ["txt", "md", "markdown", "pdf", "html", "xlsx", "xls", "docx", "csv", "eml", "msg", "pptx", "ppt", "xml", "epub"],
  audio: ["mp3", "m4a", "wav", "webm", "amr"],
  video: ["mp4", "mov", "mpeg", "mpga"],
};

const KIND_LABEL: Record<DifyFileKind, string> = { image: "图片", document: "文档", audio: "音频", video: "视频", custom: "文件" };

export function extensionOf(name: string): string {
  return name.includes(".") ? (name.split(".").pop() ?? "").toLowerCase() : "";
}

export function fileKindOf(name: string): DifyFileKind {
  const extension = extensionOf(name);
  for (const [kind, list] of Object.entries(FAMILIES)) if (list.includes(extension)) return kind as DifyFileKind;
  return "custom";
}

/** Which kinds the app accepts: newer `allowed_file_types`, else the legacy `image` block. */
export function allowedKinds(config: DifyFileUploadConfig | undefined): DifyFileKind[] {
  if (!config) return [];
  if (config.enabled === false) return [];
  if (Array.isArray(config.allowed_file_types) && config.allowed_file_types.length > 0) {
    return config.allowed_file_types.filter((kind): kind is DifyFileKind => kind in KIND_LABEL);
  }
  return config.image?.enabled ? ["image"] : [];
}

export function uploadEnabled(config: DifyFileUploadConfig | undefined): boolean {
  const methods = config?.allowed_file_upload_methods ?? config?.image?.transfer_methods;
  return allowedKinds(config).length > 0 && (!methods || methods.includes("local_file"));
}

export function maxFiles(config: DifyFileUploadConfig | undefined): number {
  return config?.number_limits ?? config?.image?.number_limits ?? 3;
}

/** The `accept` attribute of the file picker. */
export function acceptAttribute(config: DifyFileUploadConfig | undefined): string {
  const kinds = allowedKinds(config);
  if (kinds.includes("custom")) return "";
  const extensions = kinds.flatMap((kind) => (kind === "custom" ? [] : FAMILIES[kind]));
  return [...extensions, ...(config?.allowed_file_extensions ?? [])].map((extension) => `.${extension.replace(/^\./, "")}`).join(",");
}

const MB = 1024 * 1024;

function sizeLimitMb(kind: DifyFileKind, system: DifySystemParameters | undefined): number {
  if (kind === "image") return system?.image_file_size_limit ?? 10;
  if (kind === "audio") return system?.audio_file_size_limit ?? 50;
  if (kind === "video") return system?.video_file_size_limit ?? 100;
  return system?.file_size_limit ?? 15;
}

/** A Chinese reason the file cannot be uploaded, or null when it may be. */
export function checkFile(file: { name: string; size: number }, config: DifyFileUploadConfig | undefined, system: DifySystemParameters | undefined): string | null {
  const kinds = allowedKinds(config);
  const kind = fileKindOf(file.name);
  const extraExtensions = (config?.allowed_file_extensions ?? []).map((extension) => extension.replace(/^\./, "").toLowerCase());
  const allowed = kinds.includes(kind) || (kinds.includes("custom") && (extraExtensions.length === 0 || extraExtensions.includes(extensionOf(file.name))));
  if (!allowed) {
    const labels = kinds.filter((item) => item !== "custom").map((item) => KIND_LABEL[item]);
    return `不支持「${file.name}」的文件类型${labels.length ? `，只能上传${labels.join("、")}` : ""}`;
  }
  const limit = sizeLimitMb(kind, system);
  if (file.size > limit * MB) return `「${file.name}」超过 ${limit} MB 的大小限制`;
  if (file.size === 0) return `「${file.name}」是空文件`;
  return null;
}

export interface UploadHandle {
  promise: Promise<DifyUploadedFile>;
  abort: () => void;
}

/** Uploads one file through the proxy with XHR (fetch has no upload progress), reporting 0–100. */
export function uploadFile(appid: string, file: File, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<DifyUploadedFile>((resolve, reject) => {
    xhr.open("POST", difyProxyUrl("files/upload", appid));
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as Record<string, unknown> | null;
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body.id === "string") {
        onProgress(100);
        resolve(body as unknown as DifyUploadedFile);
        return;
      }
      const message = body && typeof body.message === "string" ? body.message : GENERIC_MESSAGE;
      reject(new DifyRequestError(xhr.status, message));
    };
    xhr.onerror = () => reject(new DifyRequestError(0, NETWORK_MESSAGE));
    xhr.onabort = () => reject(new DOMException("上传已取消", "AbortError"));
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
