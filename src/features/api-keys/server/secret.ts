import { createHash, randomBytes } from "node:crypto";

/** `sk-` and 40 URL-safe characters: 240 random bits. */
export function generateApiKeySecret(): string {
  return `sk-${randomBytes(30).toString("base64url")}`;
}

/**
 * SHA-256 of the secret. A slow password hash is not needed: the secret is random and long, so
 * there is no dictionary to try — and a fast hash lets every API call look the key up by index.
 */
export function hashApiKeySecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** What a list shows: `sk-AbCd…wxyz` tells keys apart without revealing them. */
export function apiKeyPrefix(secret: string): string {
  return `${secret.slice(0, 7)}…${secret.slice(-4)}`;
}
