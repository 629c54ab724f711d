import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { processSingleton } from "@/lib/process-singleton";

// No `server-only` here: the Next.js proxy (proxy-session.ts) uses this too.

/**
 * The Next.js proxy (middleware) verifies the access token's signature on every request; without a
 * handoff, the route or page then verifies it again (a second supabase client, JWK import and ES256
 * check). The proxy instead passes what it verified to the handler in this request header, sealed
 * with a key that never leaves this process: a client cannot forge it (the proxy also drops any
 * such header a client sends), and a handler that finds none, or a bad one, verifies as before.
 * The session's liveness is still checked by the handler (`checkSession`).
 */
export const SESSION_HANDOFF_HEADER = "x-spark-session-handoff";

export type HandedOffSession = {
  claims: {
    sub: string;
    session_id?: string;
    aal?: string;
    exp: number;
    /** How and when the session authenticated (GoTrue: `[{method, timestamp}]`): the console's freshness check. */
    amr?: { method: string; timestamp: number }[];
    email?: string;
    /** Only the role of `app_metadata` (the operator console's gate); the rest stays in the token. */
    app_metadata?: { role?: string };
  };
  accessToken: string;
};

// Shared by the proxy's and the routes' bundles of one process (they are separate module graphs).
const handoffKey = (): Buffer => processSingleton("sparkai.session-handoff-key", () => randomBytes(32));

const seal = (payload: string, key: Buffer) => createHmac("sha256", key).update(payload).digest("base64url");

/** The header value for claims the proxy has just verified (with the token they came from). */
export function sealSessionHandoff(claims: Record<string, unknown>, accessToken: string, key = handoffKey()): string | undefined {
  if (typeof claims.sub !== "string" || typeof claims.exp !== "number") return undefined;
  const session: HandedOffSession = {
    claims: {
      sub: claims.sub,
      exp: claims.exp,
      ...(typeof claims.session_id === "string" ? { session_id: claims.session_id } : {}),
      ...(typeof claims.aal === "string" ? { aal: claims.aal } : {}),
      ...authMethodClaims(claims),
    },
    accessToken,
  };
  const payload = Buffer.from(JSON.stringify(session)).toString("base64url");
  return `${payload}.${seal(payload, key)}`;
}

function authMethodClaims(claims: Record<string, unknown>): Partial<HandedOffSession["claims"]> {
  const picked: Partial<HandedOffSession["claims"]> = {};
  if (Array.isArray(claims.amr)) {
    picked.amr = claims.amr.flatMap((entry: unknown) => {
      const { method, timestamp } = (entry ?? {}) as { method?: unknown; timestamp?: unknown };
      return typeof method === "string" && typeof timestamp === "number" ? [{ method, timestamp }] : [];
    });
  }
  if (typeof claims.email === "string" && claims.email) picked.email = claims.email;
  const role = (claims.app_metadata as { role?: unknown } | undefined)?.role;
  if (typeof role === "string") picked.app_metadata = { role };
  return picked;
}

/** What the proxy verified for this request, or undefined when the header is missing, forged or expired. */
export function openSessionHandoff(value: string | null | undefined, key = handoffKey(), now = Date.now()): HandedOffSession | undefined {
  if (!value) return undefined;
  const dot = value.indexOf(".");
  if (dot <= 0) return undefined;
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64url");
  const expected = Buffer.from(seal(payload, key), "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const session = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as HandedOffSession;
  return session.claims.exp * 1000 > now ? session : undefined;
}
