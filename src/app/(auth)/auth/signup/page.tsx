import type { Metadata } from "next";
import { SignUpForm } from "@/features/auth";
import { listOAuthProviders } from "@/features/auth/server";

export const metadata: Metadata = { title: "注册" };

// Rendered per request: the OAuth buttons follow the auth service's settings, not the build's.
export const dynamic = "force-dynamic";

export default async function SignUpPage() {
  return <SignUpForm oauthProviders={await listOAuthProviders()} />;
}
