import { storageErrors } from "./errors";

const UNITS: Record<string, number> = { B: 1, KB: 1000, MB: 1000 ** 2, GB: 1000 ** 3 };

/** `file_size_limit` as Storage accepts it: an integer of bytes or `<n>(B|KB|MB|GB)` (decimal units). */
export function parseFileSizeLimit(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    if (!Number.isInteger(value) || value < 0) throw storageErrors.invalidRequest(FILE_SIZE_HINT);
    return value === 0 ? null : value;
  }
  const match = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?\s*$/i.exec(value);
  if (!match) throw storageErrors.invalidRequest(FILE_SIZE_HINT);
  const bytes = Math.floor(Number(match[1]) * UNITS[(match[2] ?? "B").toUpperCase()]!);
  return bytes === 0 ? null : bytes;
}

const FILE_SIZE_HINT = "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B";

const MIME_PATTERN = /^[a-z0-9!#$&^_.+-]+\/(\*|[a-z0-9!#$&^_.+-]+)$/i;

export function assertValidMimePatterns(patterns: readonly string[] | null | undefined): void {
  for (const pattern of patterns ?? []) {
    if (!MIME_PATTERN.test(pattern)) throw storageErrors.invalidMimeType(pattern);
  }
}

/** The bare `type/subtype` of a content type header (parameters such as `;charset=` dropped). */
export function essenceOf(contentType: string): string {
  return contentType.split(";")[0]!.trim().toLowerCase();
}

/** Checks `contentType` against a bucket's allowed patterns (`image/png`, `image/*`); empty = anything. */
export function assertMimeAllowed(contentType: string, allowed: readonly string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const essence = essenceOf(contentType);
  const [type] = essence.split("/");
  const ok = allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p === essence || p === "*/*" || (p.endsWith("/*") && p.slice(0, -2) === type);
  });
  if (!ok) throw storageErrors.invalidMimeType(contentType);
}

/**
 * What an upload into `bucket` must satisfy, applied to an object arriving by copy or move as well: the
 * bucket's size limit (and the service-wide one) and its MIME allow-list.
 */
export function assertFitsBucket(
  bucket: { fileSizeLimit: number | null; allowedMimeTypes: string[] | null },
  object: { size: number; mimeType: string },
  maxFileSize: number,
): void {
  if (object.size > Math.min(bucket.fileSizeLimit ?? Number.POSITIVE_INFINITY, maxFileSize)) {
    throw storageErrors.entityTooLarge();
  }
  assertMimeAllowed(object.mimeType, bucket.allowedMimeTypes);
}
