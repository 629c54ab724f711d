import type { Provider, User } from "@supabase/supabase-js";
import { createSupabaseServerClient } from "@/lib/supabase/server";
import { toAuthRouteError } from "./auth-error-message";
import { siteUrl } from "./site-url";

export const OAUTH_CALLBACK_PATH = "/api/auth/oauth/callback";

/** The provider's consent URL (PKCE: the verifier waits in a cookie for the callback). */
export async function startOAuthSignIn(provider: Provider): Promise<string> {
  const supabase = await createSupabaseServerClient();
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider,
    options: { redirectTo: await siteUrl(OAUTH_CALLBACK_PATH), skipBrowserRedirect: true },
  });
  if (error) throw toAuthRouteError(error);
  return data.url;
}

/** Finishes an OAuth sign-in by trading the callback's code for a session in cookies; answers its user. */
export async function finishOAuthSignIn(code: string): Promise<User> {
  const supabase = await createSupabaseServerClient();
  const { data, error } = await supabase.auth.exchangeCodeForSession(code);
  if (error) throw toAuthRouteError(error);
  return data.user;
}
