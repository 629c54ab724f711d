import { NextResponse, type NextRequest } from "next/server";
import { authCallbackRedirectTarget } from "@/features/routing/auth-callback-redirect";
import { REQUEST_PATH_HEADER } from "@/features/routing/request-path";

/**
 * Runs before every page and API request. The browser runs the same redirect rule for the hash,
 * which never reaches the server (see `AuthCallbackRedirect`).
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  const target = authCallbackRedirectTarget({ pathname, search, hash: "" });
  // The browser re-attaches the original fragment to a redirect without one, so hashes survive too.
  if (target) return NextResponse.redirect(new URL(target, request.url), 307);

  // Not-found screens print the requested path; a server component can only learn it from a header.
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, `${pathname}${search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
