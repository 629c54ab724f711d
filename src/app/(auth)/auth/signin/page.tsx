import type { Metadata } from "next";
import { SignInForm } from "@/features/auth";
import { demoAccount, listOAuthProviders, oauthErrorMessage } from "@/features/auth/server";

export const metadata: Metadata = { title: "登录" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  // OAuth failures come back as ?error=<key>; only our own message for it is shown (oauth-error.ts).
  const [{ error, step }, oauthProviders] = await Promise.all([searchParams, listOAuthProviders()]);
  // ?step=mfa: the route guard sent a signed-in aal1 session whose user has a factor here.
  return (
    <SignInForm
      oauthError={typeof error === "string" ? oauthErrorMessage(error) : null}
      oauthProviders={oauthProviders}
      initialStep={step === "mfa" ? "mfa" : "password"}
      demoAccount={demoAccount()}
    />
  );
}
