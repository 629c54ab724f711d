import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { passed, refused, type CaptchaVerdict, type CaptchaVerifier } from "./captcha-verifier";

/**
 * The self-hosted human check: no third party, works offline. The server hands out challenges
 * `<payload>.<hmac>` (payload: id, difficulty, expiry; signed, so nothing is stored until one is
 * used); the browser finds a nonce whose SHA-256 of `<challenge>.<nonce>` starts with `difficulty`
 * zero bits, and sends `<challenge>.<nonce>` as the captcha token. Each challenge counts once.
 * Hand-written: a few lines of node:crypto; the PoW captcha packages bring widgets and servers.
 */
export interface PowCaptcha extends CaptchaVerifier {
  issue(): { challenge: string; difficulty: number; expiresAt: number };
}

interface PowPayload {
  id: string;
  d: number;
  exp: number;
}

export function createPowCaptcha(options: {
  secret: string;
  difficulty: number;
  ttlSeconds: number;
  /** True the first time an id is presented within the window (the service's shared counters). */
  firstUse: (id: string, windowSeconds: number) => Promise<boolean>;
}): PowCaptcha {
  const sign = (payload: string) => createHmac("sha256", options.secret).update(`pow-captcha:${payload}`).digest("base64url");
  return {
    provider: "pow",
    issue() {
      const expiresAt = Math.floor(Date.now() / 1000) + options.ttlSeconds;
      const payload: PowPayload = { id: randomBytes(16).toString("base64url"), d: options.difficulty, exp: expiresAt };
      const encoded = Buffer.from(JSON.stringify(payload)).toString("base64url");
      return { challenge: `${encoded}.${sign(encoded)}`, difficulty: options.difficulty, expiresAt };
    },
    async verify(token): Promise<CaptchaVerdict> {
      const [encoded, signature, nonce, ...rest] = token.split(".");
      if (!encoded || !signature || !nonce || rest.length > 0 || nonce.length > 32) return refused("invalid-input-response");
      const expected = Buffer.from(sign(encoded));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refused("invalid-input-response");
      const payload = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as PowPayload;
      const remaining = payload.exp - Math.floor(Date.now() / 1000);
      if (remaining <= 0) return refused("expired-input-response");
      // A challenge signed before the difficulty was raised is held to today's difficulty.
      const digest = createHash("sha256").update(`${encoded}.${signature}.${nonce}`).digest();
      if (leadingZeroBits(digest) < Math.max(payload.d, options.difficulty)) return refused("invalid-input-response");
      if (!(await options.firstUse(`pow:${payload.id}`, remaining + 1))) return refused("timeout-or-duplicate");
      return passed;
    },
  };
}

export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}
