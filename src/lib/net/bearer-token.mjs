// @ts-check
import { createHash, timingSafeEqual } from "node:crypto";

/** @param {string} text */
const sha256 = (text) => createHash("sha256").update(text).digest();

/**
 * `Authorization: Bearer <token>`? Compares digests, so neither the length nor the content of the
 * token leaks through timing. Plain JavaScript: server.mjs's primary checks the metrics token too.
 * @param {string | null | undefined} authorization
 * @param {string} token
 */
export function bearerMatches(authorization, token) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match !== null && timingSafeEqual(sha256(/** @type {string} */ (match[1])), sha256(token));
}
