/**
 * SPEC §2 redirect rule: auth links land on whatever page the provider sent them to, so a visit that
 * carries auth results is moved to /auth/callback with the same query and hash, where they are read.
 * Pure, so the server (query only: it never sees a hash) and the browser (query and hash) share it.
 */
export const AUTH_CALLBACK_PATH = "/auth/callback";

type LocationLike = { pathname: string; search: string; hash: string };

function paramSources({ search, hash }: LocationLike): URLSearchParams[] {
  const sources = [new URLSearchParams(search)];
  // Implicit-grant results arrive as "#access_token=…&refresh_token=…" (or "#error=…").
  if (hash.length > 1) sources.push(new URLSearchParams(hash.slice(1)));
  return sources;
}

function carriesExpiredLinkError(params: URLSearchParams): boolean {
  return params.get("error") === "access_denied" && params.get("error_code") === "otp_expired";
}

/** Where this location must go instead, or `null` when it stays. */
export function authCallbackRedirectTarget(location: LocationLike): string | null {
  if (location.pathname === AUTH_CALLBACK_PATH) return null;
  const sources = paramSources(location);
  const carriesToken = sources.some((params) => params.has("access_token"));
  const expiredLinkAtRoot = location.pathname === "/" && sources.some(carriesExpiredLinkError);
  if (!carriesToken && !expiredLinkAtRoot) return null;
  return `${AUTH_CALLBACK_PATH}${location.search}${location.hash}`;
}
