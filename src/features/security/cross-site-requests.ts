/**
 * Refuses cross-site writes to the app's API (CSRF). The session rides in a cookie that the browser
 * attaches to any request to our origin, so a mutating /api/* request must come from our own pages:
 * browsers say where a request came from in Sec-Fetch-Site and Origin, which no page can forge.
 * A request with neither is not from a browser (curl, a server) and carries no victim's cookie by
 * accident, so it passes.
 */

import { cameOverHttps } from "./security-headers";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Server-to-server callers that prove themselves by signature, not by a browser session. */
const EXEMPT_PREFIXES = ["/api/webhooks/"];

export const CROSS_SITE_REFUSED_MESSAGE = "拒绝来自其他网站的请求";

export type CrossSiteCheck = {
  method: string;
  pathname: string;
  headers: Headers;
  /** Origins that are ours: SITE_URL's and the one the request was addressed to. */
  ownOrigins: string[];
};

export function isGuardedApiWrite(method: string, pathname: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (pathname !== "/api" && !pathname.startsWith("/api/")) return false;
  return !EXEMPT_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** True when a browser tells us the request was made by another site (or an opaque origin). */
export function isCrossSiteApiWrite({ method, pathname, headers, ownOrigins }: CrossSiteCheck): boolean {
  if (!isGuardedApiWrite(method, pathname)) return false;
  const fetchSite = headers.get("sec-fetch-site");
  // "none" is a request the user made themselves (address bar, bookmark): not another site's doing.
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = headers.get("origin");
  if (origin === null) return false;
  return !ownOrigins.includes(origin);
}

/** The origins a same-site page of ours sends as Origin: SITE_URL's and the one the request reached. */
export function ownOrigins(request: { url: string; headers: Headers }, siteUrl: string): string[] {
  const origins = [new URL(siteUrl).origin, new URL(request.url).origin];
  const host = request.headers.get("host");
  if (host) origins.push(`${cameOverHttps(request.headers) ? "https" : "http"}://${host}`);
  return origins;
}

export function crossSiteRefusal(): Response {
  return Response.json({ statusCode: 403, message: CROSS_SITE_REFUSED_MESSAGE }, { status: 403 });
}
