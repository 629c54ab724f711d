import { cookies } from "next/headers";
import { NextResponse, type NextRequest } from "next/server";
import { redirectCookieName, safeRedirectPath } from "@/features/auth";
import { finishOAuthSignIn, oauthErrorKey, siteUrl } from "@/features/auth/server";

/**
 * The provider sends the visitor back here with a code (or an error). Redirects are built on
 * SITE_URL: the session cookies belong to that host, which request.url may not name.
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const signIn = new URL(await siteUrl("/auth/signin"));
  const code = params.get("code");
  if (!code) {
    // The provider's own words stay in the log; the page says ours (see oauth-error.ts).
    console.warn("OAuth sign-in came back without a code", { error: params.get("error"), description: params.get("error_description") });
    signIn.searchParams.set("error", oauthErrorKey(params.get("error")));
    return NextResponse.redirect(signIn, 303);
  }
  try {
    await finishOAuthSignIn(code);
  } catch (error) {
    console.warn("OAuth code exchange failed", error);
    signIn.searchParams.set("error", "exchange_failed");
    return NextResponse.redirect(signIn, 303);
  }
  const cookieName = redirectCookieName();
  const cookieStore = await cookies();
  // `next`: where a flow started on a page returns (linking an account from the settings).
  const saved = safeRedirectPath(params.get("next")) ?? (cookieName ? safeRedirectPath(cookieStore.get(cookieName)?.value) : null);
  if (cookieName) cookieStore.delete(cookieName);
  return NextResponse.redirect(await siteUrl(saved ?? "/dashboard"), 303);
}
