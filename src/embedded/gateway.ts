import { createHash } from "node:crypto";
import { Hono } from "hono";
import type { Database } from "@/lib/db";
import { createAuthService, sessionVerdict, type AuthConfig, type AuthService } from "./auth";
import { createOutbox, type Outbox, type SmsProvider } from "./outbox";
import { createStorageService, type StorageServiceOptions } from "./storage";

export type EmbeddedGatewayOptions = {
  db: Database;
  authConfig: AuthConfig;
  /** Where storage keeps object bytes (with `storage.s3`, only uploads being spooled). */
  storageDir: string;
  smtpUrl?: string;
  smtpFrom?: string;
  /** Also serve the dev outbox as JSON at /outbox/v1/messages (verification links: dev only). */
  exposeOutbox?: boolean;
  /** Storage settings the app decides: per-user quota (from plans), signed URL lifetime cap. */
  storage?: Pick<StorageServiceOptions, "storageQuota" | "signedUrlMaxSeconds" | "s3">;
  /** A real SMS sender (阿里云 / 腾讯云, `smsProviderFromEnv`); unset: the dev outbox rule below. */
  smsProvider?: SmsProvider;
  /** SMS land in the dev outbox (default true); false: with no SMS sender, SMS sends fail. */
  devSms?: boolean;
  /** How long storage and the app reuse a session-liveness answer (ms; see the auth service). */
  sessionCacheMs?: number;
};

export type EmbeddedGateway = {
  auth: AuthService;
  outbox: Outbox;
  /** Plays Supabase's API gateway: /auth/v1/* and /storage/v1/* (and /outbox/v1/* when exposed). */
  app: Hono;
};

/**
 * The embedded Supabase stand-ins wired together, on one database: mail and SMS through the outbox,
 * auth, and storage trusting auth's tokens. The app mounts this in-process; `standalone.ts` serves it.
 */
export async function createEmbeddedGateway(options: EmbeddedGatewayOptions): Promise<EmbeddedGateway> {
  const { db } = options;
  const outbox = createOutbox({ db, smtpUrl: options.smtpUrl, from: options.smtpFrom, smsProvider: options.smsProvider, devSms: options.devSms });
  const auth = await createAuthService({ db, config: options.authConfig, outbox, sessionCacheMs: options.sessionCacheMs });
  // Signed storage URLs need a per-installation secret; derive it from the secret key the auth
  // service generated, so there is nothing else to keep.
  const signingSecret = createHash("sha256").update(`storage-url-signing:${auth.keys.serviceRoleKey}`).digest("hex");
  const storage = await createStorageService({
    db,
    rootDir: options.storageDir,
    // Storage accepts the same tokens as auth: user sessions and the anon / service keys. A user's
    // token must belong to a live session, at aal2 when the user has a verified MFA factor.
    verifyAccessToken: async (jwt) => {
      const claims = await auth.verifyAccessToken(jwt);
      if (claims.role === "anon" || claims.role === "service_role") return { ...claims };
      const verdict = sessionVerdict(claims, await auth.sessionLiveness(claims));
      if (verdict.state === "signed_out") throw new Error("Session not found or revoked");
      if (verdict.state === "mfa_required") throw new Error("AAL2 required: complete multi-factor sign-in");
      return { ...claims };
    },
    signingSecret,
    ...options.storage,
  });
  const app = new Hono().route("/auth/v1", auth.app).route("/storage/v1", storage.app);
  if (options.exposeOutbox) {
    app.get("/outbox/v1/messages", async (c) => {
      const to = c.req.query("to");
      const messages = await outbox.listOutboxMessages({ limit: 200 });
      return c.json({ messages: to ? messages.filter((message) => message.to === to) : messages });
    });
  }
  return { auth, outbox, app };
}
