import type { Context } from "hono";
import type { Database } from "@/lib/db";
import type { OutboxTransport } from "@/embedded/outbox/types";
import type { Captcha } from "./captcha";
import type { AuthConfig } from "./config";
import type { SigningKeys } from "./keys";
import type { RateLimiter } from "./rate-limit";
import type { RefusalTarpit } from "./refusal-tarpit";
import type { SessionLivenessChecker } from "./session-liveness";
import type { SignedInRows } from "./signed-in-cache";

/** Everything a route handler of the auth service needs, built once by `createAuthService`. */
export interface AuthDeps {
  db: Database;
  config: AuthConfig;
  keys: SigningKeys;
  outbox: OutboxTransport;
  limiter: RateLimiter;
  /** How long a refused password sign-in waits for its 429 (grows for a flood that keeps coming back). */
  tarpit: RefusalTarpit;
  /** The human check asked for before an SMS once an IP or number block has had a few. */
  captcha: Captcha;
  /** The signed-in user's rows and session (kept in memory on PGlite; see signed-in-cache.ts). */
  signedIn: SignedInRows;
  /** The product's session checks, told when a user's sessions are revoked (sessions.ts revokeSessions). */
  liveness?: Pick<SessionLivenessChecker, "forgetUser">;
  /** Validated `redirect_to` (allow-list) or the site URL. */
  redirectTo(candidate: string | undefined | null): string;
  /** JWT `iss`. */
  issuer: string;
  /** Absolute URL of this service (GoTrue's API_EXTERNAL_URL), used in mail links. */
  externalUrl: string;
}

/**
 * What the code serving this app tells it about the caller (Hono's `env`). In-process callers (the
 * app's route handlers and server clients) name the visitor in `clientIp`; `@hono/node-server`
 * (standalone) passes the Node request, whose socket is the peer.
 */
export type AuthBindings = { clientIp?: string; incoming?: { socket?: { remoteAddress?: string } } };

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Client IP for rate limits and session records. Request headers alone are never believed: any
 * browser can send X-Forwarded-For. The in-process caller's word is taken as is; over HTTP the
 * socket peer counts, and X-Forwarded-For only when that peer is on this machine (a reverse proxy,
 * or the app's server forwarding its visitor) — then its last entry, the one that hop appended.
 * Anything else shares one bucket.
 */
export function clientIp(c: Context): string {
  const bindings = c.env as AuthBindings | undefined;
  if (bindings?.clientIp) return bindings.clientIp;
  const peer = bindings?.incoming?.socket?.remoteAddress;
  if (!peer) return "local";
  if (!LOOPBACK.test(peer)) return peer;
  return lastForwardedFor(c.req.header("x-forwarded-for")) ?? peer;
}

/** The last (nearest) entry of an X-Forwarded-For list. */
export function lastForwardedFor(header: string | null | undefined): string | undefined {
  return header?.split(",").map((entry) => entry.trim()).filter(Boolean).at(-1);
}

/** `redirect_to` from the query (or header), validated. */
export function requestRedirect(deps: AuthDeps, c: Context): string {
  return deps.redirectTo(c.req.query("redirect_to") ?? c.req.header("redirect_to"));
}
