import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import { getSupabaseConnection, serverClientOptions } from "@/lib/supabase/connection";
import { checkSession, type SessionVerdict } from "../session-check";
import { verifiedClaims } from "../verified-claims";

export type RequestSession = {
  verdict: SessionVerdict;
  /** `Set-Cookie` values for the answer: the session's cookies when they were refreshed. */
  setCookies: string[];
};

/**
 * Who is signed in on a plain Request, for routes served outside Next.js's pipeline (fast-lane):
 * the same steps as the proxy's session step and `resolveSignedInUser` together — the session from
 * the cookies, refreshed when its token is about to expire (the new cookies go back with the
 * answer), its token's signature, then its liveness and MFA state.
 */
export async function resolveRequestSession(request: Request): Promise<RequestSession> {
  const connection = await getSupabaseConnection();
  const setCookies: string[] = [];
  const supabase = createServerClient(connection.url, connection.anonKey, {
    ...serverClientOptions(connection, request.headers),
    cookies: {
      getAll: () => parseCookieHeader(request.headers.get("cookie") ?? "").map(({ name, value }) => ({ name, value: value ?? "" })),
      setAll: (cookiesToSet) => {
        for (const { name, value, options } of cookiesToSet) setCookies.push(serializeCookieHeader(name, value, options));
      },
    },
  });
  const token = (await supabase.auth.getSession()).data.session?.access_token;
  const claims = token ? await verifiedClaims(supabase.auth, token) : undefined;
  const verdict: SessionVerdict = claims ? await checkSession(connection, claims, token) : { state: "signed_out" };
  return { verdict, setCookies };
}
