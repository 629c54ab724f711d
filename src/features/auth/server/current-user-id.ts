import { ApiRouteError } from "@/lib/api";
import { getSupabaseConnection } from "@/lib/supabase/connection";
import { createSupabaseServerClient } from "@/lib/supabase/server";
import { headers } from "next/headers";
import { checkSession, type SessionVerdict } from "../session-check";
import { openSessionHandoff, SESSION_HANDOFF_HEADER } from "../session-handoff";

/** What an API answers a signed-in user who still owes the MFA step (issue 12 finding 3). */
export const MFA_REQUIRED_MESSAGE = "请先完成两步验证";

/**
 * Who is signed in on this request: the access token's signature (JWKS, cached by auth-js, refreshed
 * when about to expire; or what the proxy verified, see session-handoff.ts), then its session's liveness and the user's MFA requirement (one cached
 * look-up, see `checkSession`).
 */
export async function resolveSignedInUser(): Promise<SessionVerdict> {
  // The proxy has verified this request's token already: only the liveness look-up is left.
  const handedOff = openSessionHandoff((await headers()).get(SESSION_HANDOFF_HEADER));
  if (handedOff) return checkSession(await getSupabaseConnection(), handedOff.claims, handedOff.accessToken);
  const supabase = await createSupabaseServerClient();
  const { data, error } = await supabase.auth.getClaims();
  const claims = data?.claims;
  if (error || typeof claims?.sub !== "string") return { state: "signed_out" };
  // The token getClaims just verified (read from the cookies; no request is made).
  const { data: current } = await supabase.auth.getSession();
  return checkSession(await getSupabaseConnection(), claims, current.session?.access_token);
}

/**
 * The signed-in user's id, or null when nobody is, the session was revoked, or the user must still
 * complete MFA. Use `getCurrentUser()` when the full user object is needed.
 */
export async function getCurrentUserId(): Promise<string | null> {
  const verdict = await resolveSignedInUser();
  return verdict.state === "ok" ? verdict.userId : null;
}

/** The signed-in user's id, or for route handlers a 401 (signed out) / 403 (MFA owed) `ApiRouteError`. */
export async function requireCurrentUserId(): Promise<string> {
  const verdict = await resolveSignedInUser();
  if (verdict.state === "mfa_required") throw new ApiRouteError(403, MFA_REQUIRED_MESSAGE);
  if (verdict.state === "signed_out") throw new ApiRouteError(401, "请先登录");
  return verdict.userId;
}
