import { cookies, headers } from "next/headers";
import { resolveSession, type SessionResult } from "../session-core";
import { openSessionHandoff, SESSION_HANDOFF_HEADER } from "../session-handoff";

/**
 * The session core (session-core.ts) for route handlers, server actions and server components,
 * through next/headers: the session the proxy verified and handed over when there is one (only the
 * liveness look-up is left), else the cookies — read through `cookies()`, which also sees cookies set
 * earlier in this request — with refreshed ones written back there.
 */
export async function resolveNextSession(): Promise<SessionResult> {
  const requestHeaders = await headers();
  const handedOff = openSessionHandoff(requestHeaders.get(SESSION_HANDOFF_HEADER));
  const cookieStore = await cookies();
  const session = await resolveSession({ headers: requestHeaders }, { handedOff, cookies: () => cookieStore.getAll() });
  try {
    for (const { name, value, options } of session.cookiesToSet) cookieStore.set(name, value, options);
  } catch {
    // Called from a server component, which cannot set cookies: the proxy keeps the session fresh.
  }
  return session;
}
