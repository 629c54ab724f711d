import { AuthApiError } from "./errors";
import type { SessionResponse } from "./sessions";

// How GoTrue hands results to the page it redirects to: a PKCE flow gets `?code=` (and errors in
// the query), the implicit flow gets the session or the error in the URL fragment.

const OAUTH_ERROR: Record<number, string> = { 400: "invalid_request", 401: "unauthorized_client", 403: "access_denied", 500: "server_error", 503: "temporarily_unavailable" };

/** A fragment as GoTrue writes it: keys sorted, spaces as `+`. */
export function encodeFragment(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(params[key]!).replace(/%20/g, "+")}`)
    .join("&");
}

export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

/** `redirectTo#access_token=…` for the implicit flow. */
export function sessionRedirect(redirectTo: string, session: SessionResponse, extra: Record<string, string>): string {
  const fragment = encodeFragment({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: "",
    token_type: "bearer",
    ...extra,
  });
  return `${redirectTo}#${fragment}`;
}

/** The error as `error`, `error_code`, `error_description`: in the fragment, and in the query for PKCE. */
export function errorRedirect(redirectTo: string, error: AuthApiError, pkce: boolean): string {
  const params = {
    error: OAUTH_ERROR[error.status] ?? "server_error",
    error_code: error.code,
    error_description: error.message,
  };
  const target = pkce ? withQuery(redirectTo, params) : redirectTo;
  return `${target}#${encodeFragment({ ...params, sb: "" })}`;
}
