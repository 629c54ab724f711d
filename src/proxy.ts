import { NextResponse, type NextRequest } from "next/server";
import { isPrerenderedAuthPage, isSessionlessPage, refreshSessionAndGuard, SESSION_HANDOFF_HEADER } from "@/features/auth/proxy";
import { prePaintScriptHash } from "@/features/color-mode/proxy";
import { SHARE_PAGE_HEADERS } from "@/features/conversation-share/proxy";
import { needsDeviceCookie, setDeviceCookie } from "@/features/invitations/proxy";
import { isStaticMarketingPage } from "@/features/marketing/proxy";
import { authCallbackRedirectTarget, REQUEST_PATH_HEADER } from "@/features/routing/proxy";
import {
  buildContentSecurityPolicy,
  createNonce,
  crossSiteRefusal,
  isCrossSiteApiWrite,
  ownOrigins,
  setSecurityHeaders,
} from "@/features/security";
import { getEnv } from "@/lib/env";
import { PLACEHOLDER as STATIC_PAGE_SCRIPT_HASHES } from "@/lib/net/static-page-csp-placeholder.mjs";

/**
 * Runs before every page and API request. The browser runs the same redirect rule for the hash,
 * which never reaches the server (see `AuthCallbackRedirect`).
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  if (isCrossSiteApiWrite({ method: request.method, pathname, headers: request.headers, ownOrigins: ownOrigins(request, getEnv().SITE_URL) })) {
    return withSecurityHeaders(request, crossSiteRefusal());
  }

  const target = authCallbackRedirectTarget({ pathname, search, hash: "" });
  // The browser re-attaches the original fragment to a redirect without one, so hashes survive too.
  if (target) return withSecurityHeaders(request, NextResponse.redirect(new URL(target, request.url), 307));

  // Next.js reads the nonce from the request's CSP header and puts it on the scripts it renders.
  const contentSecurityPolicy = await pageContentSecurityPolicy(pathname);
  if (isSessionlessPage(pathname)) return sessionlessPage(request, contentSecurityPolicy);
  const response = await refreshSessionAndGuard(request, (continued, handoff) => passThrough(continued, contentSecurityPolicy, handoff));
  response.headers.set("Content-Security-Policy", contentSecurityPolicy.header);
  // The invitations' per-device bound: the browser that signs up carries an id (a redirect too: /invite/<code>).
  if (needsDeviceCookie(pathname)) setDeviceCookie(request, response);
  return withSecurityHeaders(request, response);
}

/**
 * A shared conversation: no session step at all (nothing verified, refreshed or set), and the page
 * gets the request without its cookies, so nothing it renders can act as the visitor.
 */
function sessionlessPage(request: NextRequest, policy: PagePolicy): NextResponse {
  const response = passThrough(request, policy, undefined, { dropCookies: true });
  response.headers.set("Content-Security-Policy", policy.header);
  withSecurityHeaders(request, response);
  for (const { key, value } of SHARE_PAGE_HEADERS) response.headers.set(key, value);
  return response;
}

type PagePolicy = { nonce?: string; header: string };

/**
 * Pages rendered per request: a fresh nonce. Prerendered marketing and auth pages (production builds): no
 * nonce, which their HTML cannot carry; server.mjs replaces the placeholder with the hashes of the
 * inline scripts in the HTML it sends (src/lib/net/static-page-csp.mjs). Both allow the colour-mode
 * pre-paint script by its hash.
 */
async function pageContentSecurityPolicy(pathname: string): Promise<PagePolicy> {
  const env = getEnv();
  const prerendered = env.NODE_ENV === "production" && (isStaticMarketingPage(pathname) || isPrerenderedAuthPage(pathname));
  const nonce = prerendered ? undefined : createNonce();
  const header = buildContentSecurityPolicy({
    nonce,
    scriptHashes: [await prePaintScriptHash(), ...(prerendered ? [STATIC_PAGE_SCRIPT_HASHES] : [])],
    development: env.NODE_ENV === "development",
    supabaseUrl: env.SUPABASE_URL,
    storagePublicUrl: env.STORAGE_PUBLIC_URL,
    captchaProvider: env.AUTH_CAPTCHA_PROVIDER,
  });
  return { nonce, header };
}

/**
 * Continues with the request, adding the path header that not-found screens print, the CSP (Next.js
 * takes the nonce from it), and the session this proxy verified — replacing any such header the client sent.
 */
function passThrough(request: NextRequest, policy: PagePolicy, handoff: string | undefined, options: { dropCookies?: boolean } = {}): NextResponse {
  const headers = new Headers(request.headers);
  headers.delete(SESSION_HANDOFF_HEADER);
  if (options.dropCookies) headers.delete("cookie");
  if (handoff) headers.set(SESSION_HANDOFF_HEADER, handoff);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  headers.set("Content-Security-Policy", policy.header);
  return NextResponse.next({ request: { headers } });
}

/** next.config.ts adds the same headers to what the proxy skips (static assets, service mounts). */
function withSecurityHeaders<R extends Response>(request: NextRequest, response: R): R {
  setSecurityHeaders(response.headers, request.headers);
  return response;
}

export const config = {
  // Not the embedded services' mount points: they answer their own auth (a session refresh there
  // would call back into them), and request bodies routed through the proxy are size-capped. Not the
  // developer API (`/v1/`) either: it takes API keys, never cookies, and caps its bodies itself.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg|builds/latest.json|auth/v1/|storage/v1/|v1/).*)"],
};
