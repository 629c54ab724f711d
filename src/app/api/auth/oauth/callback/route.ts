import { cookies } from "next/headers";
import { NextResponse, type NextRequest } from "next/server";
import { redirectCookieName, safeRedirectPath } from "@/features/auth";
import { finishOAuthSignIn, siteUrl } from "@/features/auth/server";
import { ApiRouteError } from "@/lib/api";

/**
 * The provider sends the visitor back here with a code (or an error). Redirects are built on
 * SITE_URL: the session cookies belong to that host, which request.url may not name.
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const signIn = new URL(siteUrl("/auth/signin"));
  const code = params.get("code");
  if (!code) {
    signIn.searchParams.set("error", params.get("error_description") ?? "第三方登录未完成");
    return NextResponse.redirect(signIn, 303);
  }
  try {
    await finishOAuthSignIn(code);
  } catch (error) {
    signIn.searchParams.set("error", error instanceof ApiRouteError ? error.message : "第三方登录失败");
    return NextResponse.redirect(signIn, 303);
  }
  const cookieName = redirectCookieName();
  const cookieStore = await cookies();
  const saved = cookieName ? safeRedirectPath(cookieStore.get(cookieName)?.value) : null;
  if (cookieName) cookieStore.delete(cookieName);
  return NextResponse.redirect(siteUrl(saved ?? "/dashboard"), 303);
}
