import type { Metadata } from "next";
import { SignUpForm } from "@/features/auth";
import { listOAuthProviders } from "@/features/auth/server";
import { isDevOutboxEnabled } from "@/lib/supabase/dev-outbox";

export const metadata: Metadata = { title: "注册" };

// Rendered per request: the OAuth buttons follow the auth service's settings, not the build's.
export const dynamic = "force-dynamic";

export default async function SignUpPage() {
  // Where the dev outbox exists, the "check your inbox" step links to it: that is where the mail went.
  return <SignUpForm oauthProviders={await listOAuthProviders()} outboxHref={isDevOutboxEnabled() ? "/dev/outbox" : null} />;
}
