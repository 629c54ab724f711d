import { NextResponse, type NextRequest } from "next/server";
import { z } from "@/lib/zod";
import { siteUrl, startOAuthSignIn } from "@/features/auth/server";
import { ApiRouteError } from "@/lib/api";

const providerSchema = z.string().regex(/^[a-z0-9_-]{2,32}$/);

/**
 * Starts an OAuth sign-in; failures go back to the sign-in page with a readable error. Redirects
 * are built on SITE_URL, not request.url: behind a proxy (or `next start`) that names another host.
 */
export async function GET(request: NextRequest) {
  const signIn = new URL(await siteUrl("/auth/signin"));
  const provider = providerSchema.safeParse(request.nextUrl.searchParams.get("provider"));
  if (!provider.success) {
    signIn.searchParams.set("error", "unsupported_provider");
    return NextResponse.redirect(signIn, 303);
  }
  try {
    // The provider name is checked by the auth service, which knows which ones are enabled.
    return NextResponse.redirect(await startOAuthSignIn(provider.data as never), 303);
  } catch (error) {
    console.warn("OAuth sign-in could not start", error);
    // A 4xx from the auth service: the provider is not enabled there.
    signIn.searchParams.set("error", error instanceof ApiRouteError && error.statusCode < 500 ? "unsupported_provider" : "unavailable");
    return NextResponse.redirect(signIn, 303);
  }
}
