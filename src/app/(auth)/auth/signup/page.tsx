import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/features/auth";
import { listOAuthProviders } from "@/features/auth/server";
import { isDevOutboxEnabled } from "@/lib/supabase/dev-outbox";

export const metadata: Metadata = { title: "注册" };

// Rendered per request: the OAuth buttons follow the auth service's settings, not the build's.
export const dynamic = "force-dynamic";

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ invite?: string | string[] }> }) {
  // `?invite=<code>` is the other form of an invitation link: /invite/<code> keeps it in a cookie.
  const { invite } = await searchParams;
  if (typeof invite === "string" && invite) redirect(`/invite/${encodeURIComponent(invite)}`);
  // Where the dev outbox exists, the "check your inbox" step links to it: that is where the mail went.
  return <SignUpForm oauthProviders={await listOAuthProviders()} outboxHref={isDevOutboxEnabled() ? "/dev/outbox" : null} />;
}
