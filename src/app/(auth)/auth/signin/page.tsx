import type { Metadata } from "next";
import { SignInForm } from "@/features/auth";
import { listOAuthProviders } from "@/features/auth/server";

export const metadata: Metadata = { title: "登录" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  // OAuth failures come back as ?error=… (already in Chinese, see /api/auth/oauth).
  const [{ error }, oauthProviders] = await Promise.all([searchParams, listOAuthProviders()]);
  return <SignInForm oauthError={typeof error === "string" ? error.slice(0, 200) : null} oauthProviders={oauthProviders} />;
}
