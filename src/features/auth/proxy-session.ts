import { createServerClient } from "@supabase/ssr";
import { NextResponse, type NextRequest } from "next/server";
import { cookiesMustBeSecure } from "@/lib/secure-cookies";
import { getSupabaseConnection, serverClientOptions } from "@/lib/supabase/connection";
import { isGuardedPath, MFA_STEP_QUERY, redirectCookieName, routeGuardConfig } from "./route-guard";
import { safeRedirectPath } from "./safe-redirect";
import { checkSession } from "./session-check";
import { sealSessionHandoff } from "./session-handoff";
import { verifiedClaims } from "./verified-claims";

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
  const connection = await getSupabaseConnection();
  let handoff: string | undefined;
  let response = continueRequest(request, handoff);
  const supabase = createServerClient(connection.url, connection.anonKey, {
    ...serverClientOptions(connection, request.headers),
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll: (cookiesToSet) => {
        for (const { name, value } of cookiesToSet) request.cookies.set(name, value);
        response = continueRequest(request, handoff);
        for (const { name, value, options } of cookiesToSet) response.cookies.set(name, value, options);
      },
    },
  });
  // The session from the cookies, refreshed when its token is about to expire; then its token's
  // signature (JWKS), remembered once checked.
  const token = (await supabase.auth.getSession()).data.session?.access_token;
  const claims = token ? await verifiedClaims(supabase.auth, token) : undefined;
  const accessToken = claims ? token : undefined;
  if (claims && accessToken) {
    handoff = sealSessionHandoff(claims, accessToken);
    const refreshed = response.cookies.getAll();
    response = continueRequest(request, handoff);
    for (const cookie of refreshed) response.cookies.set(cookie);
  }

  const { pathname, search } = request.nextUrl;
  const entryPage = isSignedOutEntryPage(request);
  if (!isGuardedPath(pathname) && !entryPage) return response;
  // Only guarded pages pay for the liveness look-up; API routes make their own (requireCurrentUserId).
  let verdict: "ok" | "mfa_required" | "signed_out" = "signed_out";
  if (claims) verdict = (await checkSession(connection, claims, accessToken)).state;
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
