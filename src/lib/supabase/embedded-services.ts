import path from "node:path";
import type { Hono } from "hono";
import { authConfigFromEnv, type AuthService } from "@/embedded/auth";
import { createEmbeddedGateway } from "@/embedded/gateway";
import type { Outbox } from "@/embedded/outbox";
import { smsProviderFromEnv } from "@/embedded/outbox/sms/sms-provider-from-env";
import { getDatabase, type Database } from "@/lib/db";
import { storageS3ConfigFromEnv, type StorageAllowance } from "@/embedded/storage";
import { getEnv } from "@/lib/env";
import { processSingleton } from "../process-singleton";

/**
 * The embedded Supabase stand-ins (auth at /auth/v1, storage at /storage/v1) running inside the app
 * process on the app's database. `gateway` plays the part of Supabase's API gateway: it takes a
 * request for `<url>/auth/v1/...` or `<url>/storage/v1/...` and answers it in-process.
 */
export type EmbeddedServices = {
  auth: AuthService;
  /** Where the embedded services' mails and SMS go (the dev outbox unless SMTP is configured). */
  outbox: Outbox;
  gateway: Hono;
};

// Kept on globalThis: route handlers, the proxy and server components are separate bundles of one
// process, and the dev server re-evaluates modules on every edit.
/** A user's storage quota in bytes and what counts against it (null: no limit). */
export type StorageQuotaOfUser = (db: Database, userId: string) => Promise<StorageAllowance | null>;
const services = () => processSingleton<{ starting?: Promise<EmbeddedServices> }>("sparkai.embedded-services", () => ({}));
const storageQuota = () => processSingleton<{ ofUser?: StorageQuotaOfUser }>("sparkai.embedded-storage-quota", () => ({}));

/**
 * Where the embedded storage learns each user's quota and usage (the plan's quota against files plus
 * knowledge documents, the one sum the app shows and enforces everywhere):
 * the composition root provides it at start-up (src/server/startup.ts), before any request, so src/lib
 * wires no feature itself. Until then — only in tests that skip start-up — there is no limit.
 */
export function provideStorageQuota(quotaOfUser: StorageQuotaOfUser): void {
  storageQuota().ofUser = quotaOfUser;
}

async function startEmbeddedServices(): Promise<EmbeddedServices> {
  const env = getEnv();
  const db = await getDatabase();
  const { auth, outbox, app } = await createEmbeddedGateway({
    db,
    authConfig: authConfigFromEnv(process.env),
    storageDir: path.resolve(env.DATA_DIR, "storage"),
    smtpUrl: env.SMTP_URL,
    smtpFrom: env.SMTP_FROM,
    // Per-user storage quota from the user's plan; the storage service itself knows no plans.
    storage: {
      storageQuota: async (userId) => (await storageQuota().ofUser?.(db, userId)) ?? null,
      signedUrlMaxSeconds: env.STORAGE_SIGNED_URL_MAX_SECONDS,
      // STORAGE_S3_BUCKET set → object bytes in that bucket (getEnv() above validated the set).
      s3: storageS3ConfigFromEnv(process.env),
    },
    // AUTH_SMS_PROVIDER (阿里云 / 腾讯云) sends real SMS; without it codes only exist where the dev outbox shows them.
    smsProvider: smsProviderFromEnv(process.env),
    devSms: env.DEV_OUTBOX ? env.DEV_OUTBOX === "on" : env.NODE_ENV !== "production",
    sessionCacheMs: env.SESSION_CHECK_CACHE_MS,
  });
  return { auth, outbox, gateway: app };
}

/** The embedded services of this process, started on first use. */
export function getEmbeddedServices(): Promise<EmbeddedServices> {
  const holder = services();
  if (holder.starting) return holder.starting;
  const starting = startEmbeddedServices();
  holder.starting = starting;
  // A failed start (say, the database was locked) is retried by the next caller.
  starting.catch(() => {
    if (holder.starting === starting) holder.starting = undefined;
  });
  return starting;
}
