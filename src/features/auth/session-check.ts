import { createHash } from "node:crypto";
import { createClient, isAuthApiError, isAuthSessionMissingError } from "@supabase/supabase-js";
import { sessionVerdict, type SessionLiveness, type SessionVerdict } from "@/embedded/auth";
import { getEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { getEmbeddedServices } from "@/lib/supabase/embedded-services";
import { serverClientOptions, type SupabaseConnection } from "@/lib/supabase/connection";
import { TtlCache } from "@/lib/ttl-cache";
import { activeBanEnd } from "@/lib/supabase/ban";

// No `server-only` here: the Next.js proxy (proxy-session.ts) uses this too.

export type { SessionVerdict } from "@/embedded/auth";

/**
 * Who may use the product with a signature-checked access token (issue 12 findings 3 and 5): the
 * JWT alone says nothing about sign-out, deletion, bans or a verified MFA factor. Embedded: the auth
 * service's in-process liveness query. Hosted: GoTrue's GET /user (it refuses a revoked session or
 * a banned user, and lists the user's factors), cached the same few seconds by token hash.
 */
export async function checkSession(
  connection: SupabaseConnection,
  claims: { sub?: unknown; session_id?: unknown; aal?: unknown },
  accessToken: string | undefined,
): Promise<SessionVerdict> {
  if (connection.mode === "embedded") {
    const services = await getEmbeddedServices();
    return sessionVerdict(claims, await services.auth.sessionLiveness(claims));
  }
  if (!accessToken) return { state: "signed_out" };
  return sessionVerdict(claims, await hostedLiveness(connection, accessToken, typeof claims.sub === "string" ? claims.sub : undefined));
}

// One per process: the proxy and route handlers are separate bundles of one process.
const hostedCache = () =>
  processSingleton("sparkai.hosted-session-liveness", () => new TtlCache<SessionLiveness>(getEnv().SESSION_CHECK_CACHE_MS, 10_000));

async function hostedLiveness(connection: SupabaseConnection, accessToken: string, userId: string | undefined): Promise<SessionLiveness> {
  const key = createHash("sha256").update(accessToken).digest("base64url");
  try {
    return await hostedCache().getOrLoad(key, async () => {
      const client = createClient(connection.url, connection.anonKey, {
        ...serverClientOptions(connection),
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      });
      const { data, error } = await client.auth.getUser(accessToken);
      // The auth service's refusal (4xx; supabase-js reports a revoked session as "session missing")
      // is an answer worth caching; an outage is not.
      if (error && !(isAuthApiError(error) && error.status < 500) && !isAuthSessionMissingError(error)) throw error;
      if (error || !data.user) return userId ? await refusedLiveness(connection, userId) : { live: false };
      const verified = (data.user.factors ?? []).some((factor) => factor.status === "verified");
      return { live: true, userId: data.user.id, aalRequired: verified ? "aal2" : "aal1" };
    });
  } catch (error) {
    console.warn("Session check with the auth service failed", error);
    return { live: false }; // fail closed, uncached: the next request asks again
  }
}

/**
 * A refused token's user, looked up with the service key: when they are banned, pages and the AI
 * proxy can say until when (as the embedded liveness query does) instead of only "sign in again".
 * Cached with the refusal; a failed look-up is just signed out.
 */
async function refusedLiveness(connection: SupabaseConnection, userId: string): Promise<SessionLiveness> {
  const admin = createClient(connection.url, connection.serviceRoleKey, {
    ...serverClientOptions(connection),
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data } = await admin.auth.admin.getUserById(userId).catch(() => ({ data: { user: null } }));
  const bannedUntil = data.user ? activeBanEnd(data.user) : undefined;
  return bannedUntil ? { live: false, bannedUntil } : { live: false };
}
