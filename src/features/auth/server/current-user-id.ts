import { ApiRouteError } from "@/lib/api";
import type { SessionVerdict } from "../session-check";
import { resolveNextSession } from "./next-session";

/** What an API answers a signed-in user who still owes the MFA step (issue 12 finding 3). */
export const MFA_REQUIRED_MESSAGE = "请先完成两步验证";

/**
 * Who is signed in on this request: the access token's signature (JWKS, refreshed when about to
 * expire; or what the proxy verified, see session-handoff.ts), then its session's liveness and the
 * user's MFA requirement (one cached look-up, see `checkSession`). The session core decides it all
 * (session-core.ts, through next-session.ts).
 */
export async function resolveSignedInUser(): Promise<SessionVerdict> {
  return (await resolveNextSession()).verdict;
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
