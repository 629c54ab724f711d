import { storageErrors } from "./errors";

// Hosted Storage accepts only an S3-safe ASCII set; we also accept Unicode letters, digits and marks
// so names such as `报告.pdf` work locally (hosted Supabase would refuse them with InvalidKey).
const KEY_CHARACTERS = /^[\p{L}\p{N}\p{M}_/!.*'() &$=@;:+,?-]+$/u;
const BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]{1,100}$/;
const MAX_KEY_BYTES = 1024;

/** Refuses names that are empty, absolute, traverse (`..`), contain backslashes/control characters, etc. */
export function assertValidKey(key: string): void {
  const valid =
    key.length > 0 &&
    Buffer.byteLength(key) <= MAX_KEY_BYTES &&
    KEY_CHARACTERS.test(key) &&
    !key.startsWith("/") &&
    key.split("/").every((segment, index, all) => {
      if (segment === "." || segment === "..") return false;
      // An empty last segment is a folder marker (`dir/`); empty inner segments (`a//b`) are not allowed.
      return segment.length > 0 || (index === all.length - 1 && all.length > 1);
    });
  if (!valid) throw storageErrors.invalidKey(key);
}

export function assertValidBucketName(name: string): void {
  if (!BUCKET_NAME.test(name) || name === "." || name === "..") throw storageErrors.invalidBucketName();
}

/** A folder prefix for listings: `""` for the root, otherwise ending in exactly one `/`. */
export function normalizeFolderPrefix(prefix: string | undefined | null): string {
  const trimmed = (prefix ?? "").replace(/^\/+/, "").replace(/\/+$/, "");
  return trimmed === "" ? "" : `${trimmed}/`;
}

/** First path segment: the owner folder under the `{userId}/…` convention. */
export function topFolder(key: string): string {
  const slash = key.indexOf("/");
  return slash < 0 ? "" : key.slice(0, slash);
}
