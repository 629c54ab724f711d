import { getSupabaseConnection } from "@/lib/supabase/connection";

// `external` in /settings also lists the non-OAuth ways in; they are not buttons.
const NOT_OAUTH = new Set(["email", "phone", "anonymous_users", "saml"]);

/**
 * The OAuth providers the auth service has switched on (its public `/settings`), for the sign-in
 * page's buttons. Never throws: without an answer the page simply offers no third-party sign-in.
 */
export async function listOAuthProviders(): Promise<string[]> {
  try {
    const connection = await getSupabaseConnection();
    const response = await (connection.fetch ?? fetch)(`${connection.url}/auth/v1/settings`, {
      headers: { apikey: connection.anonKey },
      signal: AbortSignal.timeout(3_000),
    });
    if (!response.ok) return [];
    const settings = (await response.json()) as { external?: Record<string, unknown> };
    return Object.entries(settings.external ?? {})
      .filter(([name, enabled]) => enabled === true && !NOT_OAUTH.has(name))
      .map(([name]) => name)
      .sort();
  } catch {
    return [];
  }
}
