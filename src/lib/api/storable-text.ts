/**
 * Text PostgreSQL cannot store: NUL (text and jsonb refuse U+0000) and UTF-16 surrogates without
 * their pair (no UTF-8 form). A body carrying them would reach the database and fail there as a 5xx;
 * it is the client's mistake, so it is refused up front as a 400.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = "内容包含无法处理的字符（空字符等控制字符，或不成对的代理字符），请删除后重试";

/** The path (keys and indexes) of the first string or key in `value` holding such text, or undefined. */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === "string") return UNSTORABLE.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) return [...path, key];
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
