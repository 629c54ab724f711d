import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { storageErrors } from "./errors";

/**
 * Default cap on signed download URL lifetimes: 7 days, the longest an S3 presigned URL may live
 * (Supabase Storage's S3 protocol has the same cap). A URL is a bearer secret that cannot be revoked,
 * so "forever" links to private files are refused rather than silently shortened: the caller learns
 * the link will not last as long as asked. Configurable per service (STORAGE_SIGNED_URL_MAX_SECONDS).
 */
export const DEFAULT_SIGNED_URL_MAX_SECONDS = 7 * 24 * 60 * 60;

/** Lifetime of signed upload URLs (hosted Supabase documents 2 hours). */
export const UPLOAD_URL_LIFETIME_SECONDS = 2 * 60 * 60;

export interface DownloadClaims {
  url: string;
  scope: "download";
  /** JSON of the image transform baked into a `/render/image/sign` URL. */
  transformations?: string;
}

export interface UploadClaims {
  url: string;
  scope: "upload";
  owner?: string;
  upsert: boolean;
}

/** Signs a token for `<bucket>/<key>`, as Storage does for `?token=` URLs (HS256, project secret). */
export function signToken(secret: Uint8Array, claims: DownloadClaims | UploadClaims, expiresIn: number) {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(secret);
}

/** Verifies a `?token=`; it must be for this scope and exactly this `<bucket>/<key>`. */
export async function verifyToken<Scope extends "download" | "upload">(
  secret: Uint8Array,
  token: string | undefined,
  scope: Scope,
  url: string,
): Promise<(Scope extends "download" ? DownloadClaims : UploadClaims) & { exp: number }> {
  if (!token) throw storageErrors.invalidJwt("Missing token");
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, secret, { algorithms: ["HS256"] }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw storageErrors.invalidJwt('"exp" claim timestamp check failed');
    throw storageErrors.invalidJwt(error instanceof Error ? error.message : "Invalid token");
  }
  if (payload.scope !== scope || payload.url !== url) throw storageErrors.invalidSignature();
  return payload as unknown as (Scope extends "download" ? DownloadClaims : UploadClaims) & { exp: number };
}
