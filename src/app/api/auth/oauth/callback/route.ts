import { cookies } from "next/headers";
import { NextResponse, type NextRequest } from "next/server";
import { redirectCookieName, safeRedirectPath } from "@/features/auth";
import { finishOAuthSignIn, oauthErrorKey, siteUrl } from "@/features/auth/server";
import { DEVICE_COOKIE, INVITE_COOKIE } from "@/features/invitations";
import { claimInvitation } from "@/features/invitations/server";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";

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
  let user;
  try {
    user = await finishOAuthSignIn(code);
  } catch (error) {
    console.warn("OAuth code exchange failed", error);
    signIn.searchParams.set("error", "exchange_failed");
    return NextResponse.redirect(signIn, 303);
  }
  const cookieName = redirectCookieName();
  const cookieStore = await cookies();
  // A first OAuth sign-in creates the account: an invitation link followed before it counts (only a new account).
  const invite = cookieStore.get(INVITE_COOKIE)?.value;
  if (invite) {
    await claimInvitation(await getDatabase(), user, invite, { ip: visitorIp(request.headers) ?? null, deviceCookie: cookieStore.get(DEVICE_COOKIE)?.value });
    cookieStore.delete(INVITE_COOKIE);
  }
  // `next`: where a flow started on a page returns (linking an account from the settings).
  const saved = safeRedirectPath(params.get("next")) ?? (cookieName ? safeRedirectPath(cookieStore.get(cookieName)?.value) : null);
  if (cookieName) cookieStore.delete(cookieName);
  return NextResponse.redirect(await siteUrl(saved ?? "/dashboard"), 303);
}
