import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { storageErrors } from "./errors";

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
