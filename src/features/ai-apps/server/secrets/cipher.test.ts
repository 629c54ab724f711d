import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, isEncryptedSecret, maskSecret, parseEncryptionKey, SecretDecryptionError } from "./cipher";

const key = randomBytes(32);
const other = randomBytes(32);
const context = "ai_apps/demo-chat/upstream_secret_key";

/** Flips one bit of the base64url part `index` (1 iv, 2 tag, 3 ciphertext). */
function tamper(value: string, index: number): string {
  const parts = value.split(":");
  const bytes = Buffer.from(parts[index]!, "base64url");
  bytes[0]! ^= 1;
  parts[index] = bytes.toString("base64url");
  return parts.join(":");
}

describe("upstream keys at rest (AES-256-GCM, v1:iv:tag:ciphertext)", () => {
  it("round-trips, with a fresh IV each time and nothing of the plaintext in the stored value", () => {
    const secret = "app-Very-Secret-Dify-Key-1234";
    const sealed = encryptSecret(secret, key, context);
    expect(sealed).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(isEncryptedSecret(sealed)).toBe(true);
    expect(sealed).not.toContain("Secret");
    expect(encryptSecret(secret, key, context)).not.toBe(sealed);
    expect(decryptSecret(sealed, [key], context)).toEqual({ plaintext: secret, keyIndex: 0 });
    expect(decryptSecret(encryptSecret("密钥ü", key, context), [key], context).plaintext).toBe("密钥ü");
  });

  it("refuses a tampered IV, tag or ciphertext, another key, another row's context and malformed values", () => {
    const sealed = encryptSecret("app-secret", key, context);
    for (const part of [1, 2, 3]) expect(() => decryptSecret(tamper(sealed, part), [key], context)).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(sealed, [other], context)).toThrow(SecretDecryptionError);
    // Copied onto another app's row it does not open.
    expect(() => decryptSecret(sealed, [key], "ai_apps/evil/upstream_secret_key")).toThrow(SecretDecryptionError);
    for (const bad of ["app-secret", "v2:a:b:c", "v1:a:b", "v1::::", `${sealed}:extra`, sealed.replace(/^v1/, "v0")]) {
      expect(() => decryptSecret(bad, [key], context), bad).toThrow(SecretDecryptionError);
    }
  });

  it("opens a value sealed with an older key of the ring and says which", () => {
    const sealed = encryptSecret("app-secret", other, context);
    expect(decryptSecret(sealed, [key, other], context)).toEqual({ plaintext: "app-secret", keyIndex: 1 });
  });

  it("reads APP_ENCRYPTION_KEY as 64 hex characters or base64 of 32 bytes, nothing else", () => {
    expect(parseEncryptionKey(key.toString("hex"))).toEqual(key);
    expect(parseEncryptionKey(key.toString("base64"))).toEqual(key);
    expect(parseEncryptionKey(key.toString("base64url"))).toEqual(key);
    for (const bad of ["", "short", "z".repeat(64), randomBytes(16).toString("hex"), randomBytes(31).toString("base64")]) expect(parseEncryptionKey(bad), bad).toBeUndefined();
  });

  it("shows only the last four characters of a key, and nothing of a short one", () => {
    expect(maskSecret("app-demo-chat-0000000000000001")).toBe("••••0001");
    expect(maskSecret("abc1234")).toBe("••••");
    expect(maskSecret("")).toBe("");
  });
});
