/**
 * An operator's action needs a recent sign-in, not just a live session: a session refreshes for
 * weeks, so a borrowed laptop or a stolen refresh token must not be able to ban users. "Recent" is
 * the newest authentication of the session (`amr` timestamps, as GoTrue and the embedded service put
 * them in every access token: password, OTP, OAuth, TOTP …), within 12 hours.
 */
export const ADMIN_SESSION_FRESH_MS = 12 * 60 * 60 * 1000;

/** What the API answers an action on a stale session; the console then asks for the password. */
export { REAUTHENTICATE_MESSAGE } from "../reauth";

/** When the session last authenticated, or null when the token names no method. */
export function sessionAuthenticatedAt(amr: readonly { timestamp: number }[] | undefined): Date | null {
  const newest = Math.max(...(amr ?? []).map((entry) => entry.timestamp).filter(Number.isFinite));
  return Number.isFinite(newest) ? new Date(newest * 1000) : null;
}

export function isFreshSession(authenticatedAt: Date | null, now: Date, freshForMs = ADMIN_SESSION_FRESH_MS): boolean {
  return authenticatedAt !== null && now.getTime() - authenticatedAt.getTime() <= freshForMs;
}
