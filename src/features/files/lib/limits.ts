import { formatBytes } from "./format";
import { bucketDisplayName } from "./bucket-names";

/** What the page needs of a bucket (storage-js `Bucket`). */
export type BucketRules = {
  name: string;
  public: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
};

export type UploadCandidate = { name: string; size: number; type: string };

const TYPE_NAMES: Record<string, string> = {
  "image/*": "图片",
  "video/*": "视频",
  "audio/*": "音频",
  "text/*": "文本",
  "application/pdf": "PDF",
  "application/json": "JSON",
  "application/zip": "ZIP 压缩包",
  "*/*": "任意类型",
};

/** The type a browser reports for a file, or Storage's default when it has none. */
export function effectiveType(file: { type: string }): string {
  return file.type.trim() === "" ? "application/octet-stream" : file.type.split(";")[0]!.trim().toLowerCase();
}

/** Whether a content type matches a bucket's allowed patterns (`image/png`, `image/*`); none = anything. */
export function mimeAllowed(type: string, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const essence = type.split(";")[0]!.trim().toLowerCase();
  const major = essence.split("/")[0];
  return allowed.some((raw) => {
    const pattern = raw.toLowerCase();
    return pattern === essence || pattern === "*/*" || (pattern.endsWith("/*") && pattern.slice(0, -2) === major);
  });
}

/** The allowed types in words (`图片`, `图片、PDF`), or `任意类型`. */
export function describeAllowedTypes(allowed: readonly string[] | null | undefined): string {
  if (!allowed || allowed.length === 0) return "任意类型";
  return allowed.map((pattern) => TYPE_NAMES[pattern.toLowerCase()] ?? pattern).join("、");
}

/** A bucket's per-file limit in words. */
export function describeSizeLimit(limit: number | null | undefined): string {
  return limit ? `单个文件最多 ${formatBytes(limit)}` : "不限单个文件大小";
}

/**
 * Why `file` cannot go into the bucket, checked before uploading so people get a clear message at once
 * (the server checks again and its refusal is shown too). Null when it may be uploaded.
 */
export function uploadProblem(file: UploadCandidate, bucket: BucketRules): string | null {
  const limit = bucket.file_size_limit;
  if (limit && file.size > limit) {
    return `“${file.name}”有 ${formatBytes(file.size)}，超过了存储桶“${bucketDisplayName(bucket)}”的上限（${formatBytes(limit)}）`;
  }
  if (!mimeAllowed(effectiveType(file), bucket.allowed_mime_types)) {
    const type = file.type.trim() === "" ? "未知类型" : file.type;
    return `“${file.name}”的类型（${type}）不被接受，存储桶“${bucketDisplayName(bucket)}”只接受${describeAllowedTypes(bucket.allowed_mime_types)}`;
  }
  return null;
}

/** Whether the browser can show the file as an image thumbnail. */
export function isImageType(type: string | null | undefined): boolean {
  return !!type && /^image\/(png|jpe?g|gif|webp|avif|svg\+xml|bmp)$/i.test(type);
}
