"use client";

import { Link } from "@/components/link";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { authCopy } from "../../copy";
import { SIGN_IN_PATH } from "../auth-paths";
import { OAuthButtons } from "../sign-in/oauth-buttons";
import { EmailSignUpForm } from "./email-sign-up-form";
import { PhoneSignUpForm } from "./phone-sign-up-form";

/**
 * /auth/signup: by e-mail (confirmed through a mail) or by phone (an SMS code signs in at once); an
 * OAuth provider signs up and in at once, so its buttons are offered here too.
 */
export function SignUpForm({ oauthProviders = [], outboxHref = null }: { oauthProviders?: readonly string[]; outboxHref?: string | null }) {
  return (
    <div className="grid gap-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{authCopy.signUp.title}</h1>
        <p className="text-sm text-muted-foreground">{authCopy.signUp.description}</p>
      </div>
      <Tabs defaultValue="email">
        <TabsList className="w-full" aria-label={authCopy.tabs.signUpLabel}>
          <TabsTrigger value="email">{authCopy.tabs.email}</TabsTrigger>
          <TabsTrigger value="phone">{authCopy.tabs.phone}</TabsTrigger>
        </TabsList>
        <TabsContent value="email">
          <EmailSignUpForm outboxHref={outboxHref} />
        </TabsContent>
        <TabsContent value="phone">
          <PhoneSignUpForm />
        </TabsContent>
      </Tabs>
      <OAuthButtons providers={oauthProviders} />
      <p className="text-center text-sm text-muted-foreground">
        {authCopy.signUp.hasAccount}
        <Link href={SIGN_IN_PATH} className="font-medium text-primary underline underline-offset-4">
          {authCopy.signUp.signIn}
        </Link>
      </p>
    </div>
  );
}
