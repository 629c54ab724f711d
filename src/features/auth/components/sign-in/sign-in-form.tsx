"use client";

import type { Session, User } from "@supabase/supabase-js";
import { Link } from "@/components/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { authCopy } from "../../copy";
import { DASHBOARD_PATH, FORGOT_PASSWORD_PATH, SIGN_UP_PATH } from "../auth-paths";
import { authErrorText } from "../auth-error-text";
import { consumeRedirectPath } from "../consume-redirect-path";
import { FormAlert } from "../form-alert";
import { useAuth } from "../use-auth";
import { DemoAccountHint } from "./demo-account-hint";
import { MfaStep } from "./mfa-step";
import { OAuthButtons } from "./oauth-buttons";
import { PasswordSignInFields, type SignInCredentials } from "./password-sign-in-fields";

type SignInAnswer = { user: User; session: Session };

/**
 * /auth/signin (SPEC §4): the password is checked by POST /api/auth/signin, the session it answers
 * is stored in the browser client, and a user with a verified MFA factor proves it before going on.
 */
export function SignInForm({
  oauthError,
  oauthProviders = [],
  initialStep = "password",
  demoAccount = null,
}: {
  oauthError?: string | null;
  oauthProviders?: readonly string[];
  /** "mfa": a session that still owes the MFA step (sent here by the route guard). */
  initialStep?: "password" | "mfa";
  /** The first-run demo account, offered where the dev outbox is on. */
  demoAccount?: { email: string; password: string } | null;
}) {
  const router = useRouter();
  const { getClient, setUser } = useAuth();
  const [step, setStep] = useState<"password" | "mfa">(initialStep);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState("email");
  // Filling the demo account remounts the e-mail fields with its values.
  const [demoFills, setDemoFills] = useState(0);

  async function finish() {
    const saved = await consumeRedirectPath().catch(() => null);
    router.replace(saved ?? DASHBOARD_PATH);
    toast({ variant: "success", title: authCopy.toasts.signedIn, duration: 2000 });
  }

  async function signIn(credentials: SignInCredentials) {
    setPending(true);
    setError(null);
    try {
      const answer = await apiFetch<SignInAnswer>("/api/auth/signin", { method: "post", json: credentials });
      const client = await getClient();
      const stored = await client.auth.setSession({
        access_token: answer.session.access_token,
        refresh_token: answer.session.refresh_token,
      });
      if (stored.error) throw stored.error;
      setUser(stored.data.user ?? answer.user);
      const { data: aal } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
      if (aal?.nextLevel === "aal2" && aal.currentLevel !== "aal2") {
        setStep("mfa");
        return;
      }
      await finish();
    } catch (caught) {
      // Inline (role="alert") next to the form, where the user fixes it.
      setError(authErrorText(caught));
    } finally {
      setPending(false);
    }
  }

  if (step === "mfa") {
    return <MfaStep onVerified={finish} onCancel={() => setStep("password")} />;
  }

  return (
    <div className="grid gap-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{authCopy.signIn.title}</h1>
        <p className="text-sm text-muted-foreground">{authCopy.signIn.description}</p>
      </div>
      {oauthError ? (
        <FormAlert>
          {authCopy.signIn.oauthError}
          {oauthError}
        </FormAlert>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      {demoAccount ? (
        <DemoAccountHint
          account={demoAccount}
          onFill={() => {
            setTab("email");
            setDemoFills((count) => count + 1);
          }}
        />
      ) : null}
      <Tabs
        value={tab}
        onValueChange={(value) => {
          setTab(value);
          setError(null);
        }}
      >
        <TabsList className="w-full" aria-label={authCopy.tabs.label}>
          <TabsTrigger value="email">{authCopy.tabs.email}</TabsTrigger>
          <TabsTrigger value="phone">{authCopy.tabs.phone}</TabsTrigger>
        </TabsList>
        <TabsContent value="email">
          <PasswordSignInFields
            key={demoFills}
            kind="email"
            pending={pending}
            onSubmit={signIn}
            initialValues={demoFills > 0 && demoAccount ? { identifier: demoAccount.email, password: demoAccount.password } : undefined}
          />
        </TabsContent>
        <TabsContent value="phone">
          <PasswordSignInFields kind="phone" pending={pending} onSubmit={signIn} />
        </TabsContent>
      </Tabs>
      <OAuthButtons providers={oauthProviders} />
      <div className="flex items-center justify-between text-sm">
        <Link href={FORGOT_PASSWORD_PATH} className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
          {authCopy.signIn.forgot}
        </Link>
        <span className="text-muted-foreground">
          {authCopy.signIn.noAccount}
          <Link href={SIGN_UP_PATH} className="font-medium text-primary underline underline-offset-4">
            {authCopy.signIn.signUp}
          </Link>
        </span>
      </div>
    </div>
  );
}
