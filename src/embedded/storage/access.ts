import type { Context } from "hono";
import { storageErrors } from "./errors";
import { topFolder } from "./keys";

export interface Claims {
  role: string;
  sub?: string;
  [claim: string]: unknown;
}

export type VerifyAccessToken = (jwt: string) => Promise<Claims>;

/** Who is calling: the verified JWT role and subject (`anon` when an optional-auth route got no token). */
export interface Caller {
  role: string;
  sub: string | undefined;
}

export const ANONYMOUS: Caller = { role: "anon", sub: undefined };

function bearerToken(c: Context): string | undefined {
  const header = c.req.header("authorization");
  const match = header ? /^bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match?.[1]?.trim() || undefined;
}

/**
 * Resolves the caller from `Authorization: Bearer`. A missing token is an error on normal routes (with the
 * message hosted Storage gives) and `anon` on optional-auth routes; an invalid token is always an error.
 */
export async function resolveCaller(c: Context, verify: VerifyAccessToken, optional = false): Promise<Caller> {
  const token = bearerToken(c);
  if (!token) {
    if (optional) return ANONYMOUS;
    throw storageErrors.accessDenied("Invalid Compact JWS");
  }
  let claims: Claims;
  try {
    claims = await verify(token);
  } catch (error) {
    throw storageErrors.accessDenied(error instanceof Error ? error.message : "signature verification failed");
  }
  return { role: typeof claims.role === "string" ? claims.role : "anon", sub: claims.sub || undefined };
}

/**
 * The embedded stand-in for Supabase's storage RLS policies (there is no real RLS here):
 * the service role bypasses everything; a signed-in user owns the folder named after their id.
 */
export const policy = {
  isService: (caller: Caller) => caller.role === "service_role",

  /** Folder every listing of this caller is confined to; undefined = unrestricted. */
  listScope(caller: Caller): string | undefined | null {
    if (policy.isService(caller)) return undefined;
    if (caller.role === "authenticated" && caller.sub) return `${caller.sub}/`;
    return null; // sees nothing
  },

  canRead(caller: Caller, bucket: { public: boolean }, key: string): boolean {
    return bucket.public || policy.ownsKey(caller, key);
  },

  canWrite(caller: Caller, key: string): boolean {
    return policy.ownsKey(caller, key);
  },

  ownsKey(caller: Caller, key: string): boolean {
    if (policy.isService(caller)) return true;
    return caller.role === "authenticated" && !!caller.sub && topFolder(key) === caller.sub;
  },

  canSeeBuckets: (caller: Caller) => policy.isService(caller) || caller.role === "authenticated",
};
