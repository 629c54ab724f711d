import { NextResponse, type NextRequest } from "next/server";
import { refreshSessionAndGuard } from "@/features/auth/proxy-session";
import { authCallbackRedirectTarget } from "@/features/routing/auth-callback-redirect";
import { REQUEST_PATH_HEADER } from "@/features/routing/request-path";

/**
 * Runs before every page and API request. The browser runs the same redirect rule for the hash,
 * which never reaches the server (see `AuthCallbackRedirect`).
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  const target = authCallbackRedirectTarget({ pathname, search, hash: "" });
  // The browser re-attaches the original fragment to a redirect without one, so hashes survive too.
  if (target) return NextResponse.redirect(new URL(target, request.url), 307);

  return refreshSessionAndGuard(request, passThrough);
}

/** Continues with the request, adding the path header that not-found screens print. */
function passThrough(request: NextRequest): NextResponse {
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Not the embedded services' mount points: they answer their own auth (a session refresh there
  // would call back into them), and request bodies routed through the proxy are size-capped.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg|builds/latest.json|auth/v1/|storage/v1/).*)"],
};
