import type { Hono } from "hono";
import type { JSONWebKeySet } from "jose";
import type { Database } from "@/lib/db";
import type { OutboxTransport } from "@/embedded/outbox/types";
import { createHash } from "node:crypto";
import { createAuthApp } from "./app";
import { createCaptcha, type CaptchaClientConfig } from "./captcha";
import type { AuthConfig } from "./config";
import type { AuthDeps } from "./context";
import { loadApiKeys, loadSigningKeys } from "./keys";
import { RateLimiter, rateLimitStoreFor } from "./rate-limit";
import { RefusalTarpit } from "./refusal-tarpit";
import { createRedirectValidator } from "./redirect";
import { createSessionLiveness, type SessionLiveness } from "./session-liveness";
import { createSignedInRows } from "./signed-in-cache";

export { authConfigFromEnv, authConfigSchema, parseAuthConfig, InvalidAuthConfigError } from "./config";
export type { AuthConfig, AuthConfigInput } from "./config";
export type { CaptchaClientConfig } from "./captcha";
export { sessionVerdict, type SessionLiveness, type SessionVerdict } from "./session-liveness";
export { onAuthMetric, type AuthMetricEvent, type AuthMetricListener } from "./metrics-hook";

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
  /**
   * What the browser needs to pass the human check SMS sends can ask for (a fresh proof-of-work
   * challenge, or a hosted captcha's site key). Not a GoTrue route: the app serves it from its own API.
   */
  captchaChallenge(): CaptchaClientConfig;
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
  const limiter = new RateLimiter(config, rateLimitStoreFor(db, config));
  const captcha = createCaptcha(config.captcha, {
    // Without a configured key, one every process of this installation shares: from the stored secret key.
    powSecret: createHash("sha256").update(`pow-captcha:${apiKeys.serviceRoleKey}`).digest("hex"),
    firstUse: (key, windowSeconds) => limiter.firstUse(key, windowSeconds),
  });
  const liveness = createSessionLiveness(db, { cacheMs: sessionCacheMs });
  const deps: AuthDeps = {
    liveness,
    db,
    config,
    keys: signingKeys,
    outbox,
    limiter,
    tarpit: new RefusalTarpit(config.refusalPause),
    captcha,
    signedIn: await createSignedInRows(db),
    redirectTo: createRedirectValidator(config),
    issuer,
    externalUrl,
  };
  const app = createAuthApp(deps) as unknown as Hono;
  return {
    app,
    keys: apiKeys,
    jwks: async () => signingKeys.jwks,
    verifyAccessToken: async (jwt) => (await signingKeys.verify(jwt)) as unknown as AccessTokenClaims,
    sessionLiveness: (claims) => liveness.check(claims),
    captchaChallenge: () => captcha.clientConfig(),
  };
}
