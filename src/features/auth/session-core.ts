import { createServerClient, parseCookieHeader, type CookieOptions } from "@supabase/ssr";
import { getSupabaseConnection, serverClientOptions } from "@/lib/supabase/connection";
import { AUTH_COOKIE_NAME } from "@/lib/supabase/types";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { TtlCache } from "@/lib/ttl-cache";
import { checkSession, type SessionVerdict } from "./session-check";
import type { HandedOffSession } from "./session-handoff";
import { VERIFIED_TOKEN_TTL_MS, verifiedClaims, type VerifiedClaims } from "./verified-claims";

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

  const readCookies = options.cookies ?? (() => cookiesOfHeader(request.headers));
  const cookies = readCookies();
  const cacheKey = sessionCookiesKey(cookies);
  if (cacheKey === undefined) return { token: undefined, cookiesToSet: [], ...visitor };
  const known = readTokens.get(cacheKey);
  if (known && typeof known.claims.exp === "number" && known.claims.exp * 1000 - Date.now() > REFRESH_MARGIN_MS) return { token: known, cookiesToSet: [], ...visitor };

  const connection = await getSupabaseConnection();
  const cookiesToSet: SessionCookie[] = [];
  const supabase = createServerClient(connection.url, connection.anonKey, {
    // The visitor's address and User-Agent go to the auth service with a refresh.
    ...serverClientOptions(connection, request.headers),
    cookies: { getAll: () => cookies, setAll: (refreshed) => void cookiesToSet.push(...refreshed) },
  });
  const accessToken = (await supabase.auth.getSession()).data.session?.access_token;
  const claims = accessToken ? await verifiedClaims(supabase.auth, accessToken) : undefined;
  // A verified token names a user: anything else (the anon key, say) is nobody's session.
  const token = accessToken && typeof claims?.sub === "string" ? { claims, accessToken } : undefined;
  if (token && cookiesToSet.length === 0) readTokens.set(cacheKey, token);
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

/**
 * Cookies already read this minute: the token @supabase/ssr decoded from them and whose signature was
 * verified. Building the auth client, decoding the cookie chunks and checking the cached signature
 * cost about a millisecond of CPU on every request of a signed-in browser, which sends the same cookies
 * for an hour. Keyed by the session cookies' exact text, so a changed cookie is read afresh; kept no
 * longer than a verified signature (verified-claims.ts), and never near the token's expiry, when the
 * client must refresh it. Liveness (revoked, banned, signed out elsewhere) is still judged on every
 * request by `judgeSession`.
 */
const readTokens = new TtlCache<NonNullable<ReadSession["token"]>>(VERIFIED_TOKEN_TTL_MS, 10_000);
/** auth-js refreshes a session expiring within 90 s (EXPIRY_MARGIN_MS): such cookies take the full path. */
const REFRESH_MARGIN_MS = 120_000;

/** The session cookies' text (AUTH_COOKIE_NAME and its chunks `.0`, `.1` …), or undefined when there are none: nobody. */
function sessionCookiesKey(cookies: { name: string; value: string }[]): string | undefined {
  const session = cookies.filter((cookie) => (cookie.name === AUTH_COOKIE_NAME || cookie.name.startsWith(`${AUTH_COOKIE_NAME}.`)) && cookie.value !== "");
  return session.length === 0 ? undefined : session.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

function cookiesOfHeader(headers: Headers): { name: string; value: string }[] {
  return parseCookieHeader(headers.get("cookie") ?? "").map(({ name, value }) => ({ name, value: value ?? "" }));
}
