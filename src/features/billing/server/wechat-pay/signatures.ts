import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from "node:crypto";

/*
 * The cryptography of WeChat Pay API v3, on node:crypto. The maintained SDKs were considered:
 * `wechatpay-axios-plugin` (0.9.6, MIT, Node >=12, updated 2026) brings axios and fast-xml-parser at
 * run time, `wechatpay-node-v3` (2.2.1) superagent and @fidm/x509 — a second HTTP client for what is
 * here five short functions (RSA-SHA256 PKCS#1 v1.5 and AEAD_AES_256_GCM, exactly as the v3 documents
 * specify). So the runtime uses node:crypto and fetch, and signatures.test.ts checks every function
 * against wechatpay-axios-plugin's Rsa / Formatter / Aes.AesGcm (a devDependency, pinned).
 */

export const AUTH_SCHEMA = "WECHATPAY2-SHA256-RSA2048";

/** A nonce of [A-Za-z0-9] (WeChat's nonce_str / nonceStr). */
export function nonce(length = 32): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join("");
}

/** WeChat's signing message: every part followed by "\n". */
export function signingMessage(...parts: string[]): string {
  return parts.map((part) => `${part}\n`).join("");
}

export function rsaSign(message: string, privateKey: KeyObject): string {
  return createSign("RSA-SHA256").update(message).sign(privateKey, "base64");
}

export function rsaVerify(message: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return createVerify("RSA-SHA256").update(message).verify(publicKey, signature, "base64");
  } catch {
    return false;
  }
}

/** The Authorization header of a merchant request: METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n signed. */
export function authorizationHeader(input: { mchId: string; serialNo: string; privateKey: KeyObject; method: string; pathWithQuery: string; body: string; timestamp: number; nonceStr?: string }): string {
  const nonceStr = input.nonceStr ?? nonce();
  const signature = rsaSign(signingMessage(input.method.toUpperCase(), input.pathWithQuery, String(input.timestamp), nonceStr, input.body), input.privateKey);
  return `${AUTH_SCHEMA} mchid="${input.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${input.timestamp}",serial_no="${input.serialNo}"`;
}

/** Reads the fields of a WECHATPAY2-SHA256-RSA2048 Authorization header (null when malformed). */
export function parseAuthorization(header: string | null | undefined): Record<"mchid" | "nonce_str" | "signature" | "timestamp" | "serial_no", string> | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields = new Map<string, string>();
  for (const match of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields.set(match[1]!, match[2]!);
  const keys = ["mchid", "nonce_str", "signature", "timestamp", "serial_no"] as const;
  if (keys.some((key) => !fields.get(key))) return null;
  return Object.fromEntries(keys.map((key) => [key, fields.get(key)!])) as Record<(typeof keys)[number], string>;
}

/** An encrypted resource as WeChat sends it (notifications, platform certificates). */
export type EncryptedResource = { algorithm: "AEAD_AES_256_GCM"; ciphertext: string; nonce: string; associated_data?: string; original_type?: string };

/** AEAD_AES_256_GCM decryption with the API v3 key; the last 16 bytes of the ciphertext are the tag. Throws when tampered. */
export function decryptResource(resource: { ciphertext: string; nonce: string; associated_data?: string }, apiV3Key: string): string {
  const data = Buffer.from(resource.ciphertext, "base64");
  if (data.length < 17) throw new Error("ciphertext too short");
  const decipher = createDecipheriv("aes-256-gcm", Buffer.from(apiV3Key, "utf8"), Buffer.from(resource.nonce, "utf8"));
  decipher.setAAD(Buffer.from(resource.associated_data ?? "", "utf8"));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString("utf8");
}

/** The inverse of decryptResource (WeChat's side; used by the local fake). */
export function encryptResource(plaintext: string, apiV3Key: string, associatedData: string): EncryptedResource {
  const iv = nonce(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(apiV3Key, "utf8"), Buffer.from(iv, "utf8"));
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]).toString("base64");
  return { algorithm: "AEAD_AES_256_GCM", ciphertext, nonce: iv, associated_data: associatedData };
}
