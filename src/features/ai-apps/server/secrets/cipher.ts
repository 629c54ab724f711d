import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for the upstream keys stored in `ai_apps`: `v1:<iv>:<tag>:<ciphertext>` (base64url).
 * The version names the format, so a later one can be read beside it. The associated data binds a
 * ciphertext to its row and field (`ai_apps/<appid>/<field>`): copied onto another app it is refused.
 */
export const SECRET_FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretDecryptionError extends Error {
  constructor(message = "无法解密已保存的密钥（密钥被篡改，或 APP_ENCRYPTION_KEY 与加密时不同）") {
    super(message);
    this.name = "SecretDecryptionError";
  }
}

/** `APP_ENCRYPTION_KEY`: 32 bytes as 64 hex characters or base64 (44 characters). */
export function parseEncryptionKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}

export const isEncryptedSecret = (value: string): boolean => value.startsWith(`${SECRET_FORMAT}:`);

export function encryptSecret(plaintext: string, key: Buffer, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [SECRET_FORMAT, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(":");
}

/** Decrypts with the first of `keys` that authenticates the value; throws SecretDecryptionError otherwise. */
export function decryptSecret(value: string, keys: readonly Buffer[], context: string): { plaintext: string; keyIndex: number } {
  const parts = value.split(":");
  if (parts.length !== 4 || parts[0] !== SECRET_FORMAT) throw new SecretDecryptionError("已保存的密钥格式不正确");
  const [, ivText, tagText, dataText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretDecryptionError("已保存的密钥格式不正确");
  const data = Buffer.from(dataText, "base64url");
  for (const [keyIndex, key] of keys.entries()) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(tag);
      return { plaintext: Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8"), keyIndex };
    } catch {
      // Not this key (or tampered): try the next.
    }
  }
  throw new SecretDecryptionError();
}

/**
 * What the console shows of a key: its last four characters (`••••abcd`), "" when there is none, and
 * only the dots for a key under 8 characters (four would be half of it).
 */
export function maskSecret(secret: string): string {
  if (!secret) return "";
  return secret.length < 8 ? "••••" : `••••${secret.slice(-4)}`;
}
