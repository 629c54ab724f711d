import type { Context } from "hono";
import type { Database } from "@/lib/db";
import type { OutboxTransport } from "@/embedded/outbox/types";
import type { AuthConfig } from "./config";
import type { SigningKeys } from "./keys";
import type { RateLimiter } from "./rate-limit";

/** Everything a route handler of the auth service needs, built once by `createAuthService`. */
export interface AuthDeps {
  db: Database;
  config: AuthConfig;
  keys: SigningKeys;
  outbox: OutboxTransport;
  limiter: RateLimiter;
  /** Validated `redirect_to` (allow-list) or the site URL. */
  redirectTo(candidate: string | undefined | null): string;
  /** JWT `iss`. */
  issuer: string;
  /** Absolute URL of this service (GoTrue's API_EXTERNAL_URL), used in mail links. */
  externalUrl: string;
}

/** Client IP for rate limits: the first X-Forwarded-For hop, else X-Real-IP, else a shared bucket. */
export function clientIp(c: Context): string {
  return c.req.header("x-forwarded-for")?.split(",")[0]?.trim() || c.req.header("x-real-ip") || "local";
}

/** `redirect_to` from the query (or header), validated. */
export function requestRedirect(deps: AuthDeps, c: Context): string {
  return deps.redirectTo(c.req.query("redirect_to") ?? c.req.header("redirect_to"));
}
