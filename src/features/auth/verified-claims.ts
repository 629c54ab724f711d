import { createHash } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { TtlCache } from "@/lib/ttl-cache";

// No `server-only` here: the Next.js proxy (proxy-session.ts) uses this.

type AuthClient = Pick<SupabaseClient["auth"], "getClaims">;
export type VerifiedClaims = NonNullable<Awaited<ReturnType<AuthClient["getClaims"]>>["data"]>["claims"];

/**
 * A signing key taken out of the JWKS stops vouching for tokens this process already checked within
 * this time (auth-js itself keeps a fetched JWKS for ten minutes).
 */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
const verified = new TtlCache<VerifiedClaims>(VERIFIED_TOKEN_TTL_MS, 10_000);

/**
 * The claims of an access token whose signature is valid, or undefined. Every request of a signed-in
 * browser carries the same token for up to an hour, and auth-js imports the key and checks the ES256
 * signature on each call (about a millisecond of CPU): a token this process has verified is
 * remembered by its hash, its expiry still checked on every use. Says nothing about whether the
 * session is still live: that is `checkSession`'s question, asked as before.
 */
export async function verifiedClaims(auth: AuthClient, accessToken: string, now = Date.now()): Promise<VerifiedClaims | undefined> {
  const key = createHash("sha256").update(accessToken).digest("base64url");
  const known = verified.get(key);
  if (known && typeof known.exp === "number" && known.exp * 1000 > now) return known;
  const { data } = await auth.getClaims(accessToken);
  if (!data?.claims) return undefined;
  verified.set(key, data.claims);
  return data.claims;
}
