/**
 * Solves the auth service's proof-of-work challenge (src/embedded/auth/captcha/pow.ts): finds a nonce
 * whose SHA-256 of `<challenge>.<nonce>` starts with `difficulty` zero bits, with WebCrypto. The
 * answer `<challenge>.<nonce>` is the captcha token. Digests run in batches so the page stays responsive.
 */
export async function solvePow(challenge: string, difficulty: number, signal?: AbortSignal): Promise<string> {
  const encoder = new TextEncoder();
  const BATCH = 256;
  for (let start = 0; ; start += BATCH) {
    signal?.throwIfAborted();
    const digests = await Promise.all(
      Array.from({ length: BATCH }, (_, offset) => crypto.subtle.digest("SHA-256", encoder.encode(`${challenge}.${(start + offset).toString(36)}`))),
    );
    const found = digests.findIndex((digest) => leadingZeroBits(new Uint8Array(digest)) >= difficulty);
    if (found >= 0) return `${challenge}.${(start + found).toString(36)}`;
  }
}

function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}
