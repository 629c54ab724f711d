import { serializeCookieHeader } from "@supabase/ssr";
import { resolveSession, type SessionResult } from "../session-core";

export type RequestSession = SessionResult & {
  /** `Set-Cookie` values for the answer: the session's cookies when they were refreshed. */
  setCookies: string[];
};

/**
 * Who is signed in on a plain Request, for routes served outside Next.js's pipeline (fast-lane): the
 * session core (session-core.ts) with the Cookie header as the jar — the same steps as the proxy's
 * session step and `resolveSignedInUser` together — and the cookies it refreshed as Set-Cookie values.
 */
export async function resolveRequestSession(request: Request): Promise<RequestSession> {
  const session = await resolveSession(request);
  const setCookies = session.cookiesToSet.map(({ name, value, options }) => serializeCookieHeader(name, value, options));
  return { ...session, setCookies };
}
