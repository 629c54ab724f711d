import { NextResponse, type NextRequest } from "next/server";
import { cookiesMustBeSecure } from "@/lib/secure-cookies";
import { isGuardedPath, MFA_STEP_QUERY, redirectCookieName, routeGuardConfig } from "./route-guard";
import { safeRedirectPath } from "./safe-redirect";
import { judgeSession, readSession } from "./session-core";
import { sealSessionHandoff } from "./session-handoff";

// No `server-only` here: this module runs in the Next.js proxy, whose bundle lacks that condition.

/**
 * The proxy's auth step (Supabase's pattern for @supabase/ssr): refresh the session cookies on the
 * way in, then send visitors without a live session away from guarded pages (to the MFA step when
 * their user has a verified factor and the session is still aal1). `continueRequest` builds the
 * pass-through response from the (possibly updated) request, so other request headers survive, and
 * hands the handler what was verified here (`handoff`, see session-handoff.ts; undefined: nobody).
 */
export async function refreshSessionAndGuard(
  request: NextRequest,
  continueRequest: (request: NextRequest, handoff: string | undefined) => NextResponse,
): Promise<NextResponse> {
  // The session from the cookies, refreshed when its token is about to expire; then its token's
  // signature (JWKS), remembered once checked (session-core.ts).
  const session = await readSession(request, { cookies: () => request.cookies.getAll() });
  const handoff = session.token ? sealSessionHandoff(session.token.claims, session.token.accessToken) : undefined;
  // Refreshed cookies go on to the handler with the request and back to the browser with the answer.
  for (const { name, value } of session.cookiesToSet) request.cookies.set(name, value);
  const response = continueRequest(request, handoff);
  for (const { name, value, options } of session.cookiesToSet) response.cookies.set(name, value, options);

  const { pathname, search } = request.nextUrl;
  const entryPage = isSignedOutEntryPage(request);
  if (!isGuardedPath(pathname) && !entryPage) return response;
  // Only guarded pages pay for the liveness look-up; API routes make their own (requireCurrentUserId).
  const verdict = (await judgeSession(session)).verdict.state;
  if (entryPage) return verdict === "ok" ? sendSignedInVisitorOn(request, response) : response;
  if (verdict === "ok") return response;

  const loginUrl = new URL(routeGuardConfig.loginRoute, request.url);
  if (verdict === "mfa_required") loginUrl.searchParams.set(MFA_STEP_QUERY.name, MFA_STEP_QUERY.value);
  const redirect = NextResponse.redirect(loginUrl, 307);
  for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
  const cookieName = redirectCookieName();
  if (cookieName) {
    const secure = cookiesMustBeSecure(request.headers);
    redirect.cookies.set(cookieName, `${pathname}${search}`, { path: "/", sameSite: "lax", httpOnly: true, secure, maxAge: 600 });
  }
  return redirect;
}

/**
 * A visit to the sign-in or sign-up page, except sign-in's MFA step (which a signed-in aal1 session
 * needs). Only GETs: the forms' server actions POST to the page itself right after signing in.
 */
function isSignedOutEntryPage(request: NextRequest): boolean {
  if (request.method !== "GET") return false;
  const { pathname, searchParams } = request.nextUrl;
  if (pathname === "/auth/signup") return true;
  return pathname === routeGuardConfig.loginRoute && searchParams.get(MFA_STEP_QUERY.name) !== MFA_STEP_QUERY.value;
}

/**
 * A signed-in visitor has nothing to do on the sign-in / sign-up forms: on to the page they were
 * going to (the guard's saved path), else the dashboard.
 */
function sendSignedInVisitorOn(request: NextRequest, response: NextResponse): NextResponse {
  const cookieName = redirectCookieName();
  const saved = cookieName ? safeRedirectPath(request.cookies.get(cookieName)?.value) : null;
  const target = saved ?? "/dashboard";
  const redirect = NextResponse.redirect(new URL(target, request.url), 307);
  for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
  // Only a page load uses up the saved path. The router's fetches may be prefetches of a 免费注册 /
  // 登录 link (Next hides its prefetch header from the proxy), which must not spend it.
  if (cookieName && saved && isDocumentNavigation(request)) redirect.cookies.delete(cookieName);
  return redirect;
}

/** A page load by the browser (Fetch Metadata), or a client that sends no such header. */
function isDocumentNavigation(request: NextRequest): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  return mode === null || mode === "navigate";
}
