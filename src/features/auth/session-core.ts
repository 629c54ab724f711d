import { createServerClient, parseCookieHeader, type CookieOptions } from "@supabase/ssr";
import { getSupabaseConnection, serverClientOptions } from "@/lib/supabase/connection";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { checkSession, type SessionVerdict } from "./session-check";
import type { HandedOffSession } from "./session-handoff";
import { verifiedClaims, type VerifiedClaims } from "./verified-claims";

// No `server-only` here: the Next.js proxy (proxy-session.ts) uses this too.

/**
 * The session core: the one place a request's cookies become a verified session (issue 31 item 1).
 * Every entry calls it through a thin adapter — the Next.js proxy (proxy-session.ts: NextRequest /
 * NextResponse cookies), route handlers and server components (server/next-session.ts: next/headers'
 * cookies()) and the fast lane (server/request-session.ts: Set-Cookie headers) — so a change to how
 * a session is decided is made here once.
 */

/** A session cookie the answer must set (or clear: empty value), as @supabase/ssr asks. */
export type SessionCookie = { name: string; value: string; options: CookieOptions };

/** What the core reads of a request: its headers (a plain `Request` fits). */
export type SessionRequest = { headers: Headers };

export type ReadSessionOptions = {
  /** The request's cookies when the caller's cookie API knows them better than the Cookie header. */
  cookies?: () => { name: string; value: string }[];
  /** A session the Next.js proxy verified for this very request (session-handoff.ts): not verified again. */
  handedOff?: HandedOffSession;
};

/** The request's session up to its token's signature: no liveness look-up yet. */
export type ReadSession = {
  /** The access token whose signature was verified (JWKS), with its claims; undefined: nobody. */
  token: { claims: VerifiedClaims | HandedOffSession["claims"]; accessToken: string } | undefined;
  /** The session cookies to set on the answer: refreshed (or cleared) while reading. */
  cookiesToSet: SessionCookie[];
  /** The visitor's address (decided by server.mjs, TRUSTED_PROXIES respected: see `visitorIp`). */
  clientAddress: string | undefined;
  userAgent: string | undefined;
};

export type SessionResult = ReadSession & {
  verdict: SessionVerdict;
  /** The user allowed to act on this request (`verdict.state === "ok"`), else null. */
  userId: string | null;
  /** The token's assurance level (aal1: password only; aal2: MFA done). */
  aal: string | undefined;
  /** Signed in, but the user has a verified factor and this session has not used it yet. */
  mfaOwed: boolean;
};

/**
 * Reads the session from the cookies (refreshed when its token is about to expire; the new cookies
 * are in `cookiesToSet`) and verifies its token's signature, remembered once checked.
 */
export async function readSession(request: SessionRequest, options: ReadSessionOptions = {}): Promise<ReadSession> {
  const visitor = { clientAddress: visitorIp(request.headers), userAgent: request.headers.get("user-agent") ?? undefined };
  if (options.handedOff) return { token: options.handedOff, cookiesToSet: [], ...visitor };

  const connection = await getSupabaseConnection();
  const cookiesToSet: SessionCookie[] = [];
  const readCookies = options.cookies ?? (() => cookiesOfHeader(request.headers));
  const supabase = createServerClient(connection.url, connection.anonKey, {
    // The visitor's address and User-Agent go to the auth service with a refresh.
    ...serverClientOptions(connection, request.headers),
    cookies: { getAll: readCookies, setAll: (cookies) => void cookiesToSet.push(...cookies) },
  });
  const accessToken = (await supabase.auth.getSession()).data.session?.access_token;
  const claims = accessToken ? await verifiedClaims(supabase.auth, accessToken) : undefined;
  // A verified token names a user: anything else (the anon key, say) is nobody's session.
  const token = accessToken && typeof claims?.sub === "string" ? { claims, accessToken } : undefined;
  return { token, cookiesToSet, ...visitor };
}

/** The session's liveness (signed out elsewhere, revoked, banned, deleted) and MFA state: `checkSession`. */
export async function judgeSession(read: ReadSession): Promise<SessionResult> {
  const verdict: SessionVerdict = read.token
    ? await checkSession(await getSupabaseConnection(), read.token.claims, read.token.accessToken)
    : { state: "signed_out" };
  const aal = typeof read.token?.claims.aal === "string" ? read.token.claims.aal : undefined;
  return { ...read, verdict, userId: verdict.state === "ok" ? verdict.userId : null, aal, mfaOwed: verdict.state === "mfa_required" };
}

/** Who is signed in on this request: `readSession`, then `judgeSession`. */
export async function resolveSession(request: SessionRequest, options: ReadSessionOptions = {}): Promise<SessionResult> {
  return judgeSession(await readSession(request, options));
}

function cookiesOfHeader(headers: Headers): { name: string; value: string }[] {
  return parseCookieHeader(headers.get("cookie") ?? "").map(({ name, value }) => ({ name, value: value ?? "" }));
}
