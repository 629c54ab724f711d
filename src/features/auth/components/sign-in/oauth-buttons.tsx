import { Button } from "@/components/ui/button";
import { authCopy } from "../../copy";

const PROVIDER_NAMES: Record<string, string> = {
  apple: "Apple",
  azure: "Microsoft",
  discord: "Discord",
  facebook: "Facebook",
  github: "GitHub",
  gitlab: "GitLab",
  google: "Google",
  linkedin_oidc: "LinkedIn",
  twitter: "X",
  wechat: "微信",
};

export function providerDisplayName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
}

/**
 * One button per enabled provider. Plain links to /api/auth/oauth: the server starts the PKCE flow
 * (its verifier waits in a cookie) and sends the browser to the provider.
 */
export function OAuthButtons({ providers }: { providers: readonly string[] }) {
  if (providers.length === 0) return null;
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {authCopy.signIn.oauthDivider}
        <span className="h-px flex-1 bg-border" />
      </div>
      {providers.map((provider) => (
        <Button key={provider} variant="outline" className="w-full" asChild>
          <a href={`/api/auth/oauth?provider=${encodeURIComponent(provider)}`}>{authCopy.signIn.oauthWith(providerDisplayName(provider))}</a>
        </Button>
      ))}
    </div>
  );
}
