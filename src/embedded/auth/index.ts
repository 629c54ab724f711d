import type { Hono } from "hono";
import type { JSONWebKeySet } from "jose";
import type { Database } from "@/lib/db";
import type { OutboxTransport } from "@/embedded/outbox/types";
import { createAuthApp } from "./app";
import type { AuthConfig } from "./config";
import type { AuthDeps } from "./context";
import { loadApiKeys, loadSigningKeys } from "./keys";
import { RateLimiter, rateLimitStoreFor } from "./rate-limit";
import { createRedirectValidator } from "./redirect";
import { createSessionLiveness, type SessionLiveness } from "./session-liveness";
import { createSignedInRows } from "./signed-in-cache";

export { authConfigFromEnv, authConfigSchema, parseAuthConfig, InvalidAuthConfigError } from "./config";
export type { AuthConfig, AuthConfigInput } from "./config";
export { sessionVerdict, type SessionLiveness, type SessionVerdict } from "./session-liveness";

/** Claims of an access token issued by this service (reference §3.5). */
export interface AccessTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  role: string;
  aal: "aal1" | "aal2";
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
}

export interface AuthService {
  /** Routes relative to the mount point: "/signup", "/token", … */
  app: Hono;
  keys: { anonKey: string; serviceRoleKey: string };
  jwks(): Promise<JSONWebKeySet>;
  /** Verifies signature, expiry, issuer and audience (any key of the installation); throws on an invalid token. */
  verifyAccessToken(jwt: string): Promise<AccessTokenClaims>;
  /** Whether a verified token's session is still live, and the aal its user needs (cached briefly). */
  sessionLiveness(claims: { sub?: unknown; session_id?: unknown }): Promise<SessionLiveness>;
}

export interface CreateAuthServiceOptions {
  db: Database;
  config: AuthConfig;
  outbox: OutboxTransport;
  /** How long a session-liveness answer is reused (ms, default 3000; 0 = every call asks). */
  sessionCacheMs?: number;
}

/** Builds the embedded GoTrue-compatible auth service; creates signing and API keys on first start. */
export async function createAuthService({ db, config, outbox, sessionCacheMs = 3000 }: CreateAuthServiceOptions): Promise<AuthService> {
  const externalUrl = (config.externalUrl ?? `${config.siteUrl.replace(/\/$/, "")}/auth/v1`).replace(/\/$/, "");
  const issuer = config.issuer ?? externalUrl;
  const signingKeys = await loadSigningKeys(db, config, issuer);
  const apiKeys = await loadApiKeys(db, signingKeys, issuer);
  const deps: AuthDeps = {
    db,
    config,
    keys: signingKeys,
    outbox,
    limiter: new RateLimiter(config, rateLimitStoreFor(db, config)),
    signedIn: await createSignedInRows(db),
    redirectTo: createRedirectValidator(config),
    issuer,
    externalUrl,
  };
  const app = createAuthApp(deps) as unknown as Hono;
  const liveness = createSessionLiveness(db, { cacheMs: sessionCacheMs });
  return {
    app,
    keys: apiKeys,
    jwks: async () => signingKeys.jwks,
    verifyAccessToken: async (jwt) => (await signingKeys.verify(jwt)) as unknown as AccessTokenClaims,
    sessionLiveness: (claims) => liveness.check(claims),
  };
}
