import { NextResponse, type NextRequest } from "next/server";
import { siteUrl } from "@/features/auth/server";
import { INVITE_COOKIE, INVITE_COOKIE_MAX_AGE_S, inviteCodeSchema } from "@/features/invitations";

/**
 * An invitation link: remembers the code in a cookie (read when the account is created, whichever
 * way: e-mail, phone or OAuth) and opens sign-up. An unknown-looking code just opens sign-up.
 */
export async function GET(_request: NextRequest, { params }: { params: Promise<{ code: string }> }) {
  const response = NextResponse.redirect(await siteUrl("/auth/signup"), 303);
  const code = inviteCodeSchema.safeParse((await params).code);
  if (code.success) response.cookies.set(INVITE_COOKIE, code.data, { httpOnly: true, sameSite: "lax", path: "/", maxAge: INVITE_COOKIE_MAX_AGE_S, secure: (await siteUrl("/")).startsWith("https:") });
  return response;
}
