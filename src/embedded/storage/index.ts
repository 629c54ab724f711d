import { Hono } from "hono";
import { cors } from "hono/cors";
import type { Database } from "@/lib/db/types";
import type { VerifyAccessToken } from "./access";
import { createContext, type StorageContext } from "./context";
import { createObjectByteStore, type S3StoreConfig } from "./bytes";
import { StorageApiFailure, storageErrors } from "./errors";
import type { StorageQuotaResolver } from "./quota";
import { DEFAULT_SIGNED_URL_MAX_SECONDS } from "./signed-urls";
import { bucketRoutes } from "./routes/buckets";
import { registerObjectListRoutes } from "./routes/objects-list";
import { registerObjectManageRoutes } from "./routes/objects-manage";
import { registerObjectReadRoutes } from "./routes/objects-read";
import { registerObjectWriteRoutes } from "./routes/objects-write";
import { registerRenderRoutes } from "./routes/render";

export type { Caller, Claims, VerifyAccessToken } from "./access";
export { StorageApiFailure } from "./errors";
export { usedBytes, type StorageAllowance, type StorageQuotaResolver } from "./quota";
export { storageS3ConfigFromEnv, type S3StoreConfig } from "./bytes";

/** A bucket created at first start (existing buckets are never changed). */
export interface BucketSeed {
  id: string;
  public: boolean;
  /** Bytes; null/undefined = only the service-wide limit. */
  fileSizeLimit?: number | null;
  allowedMimeTypes?: string[] | null;
}

/** The app's buckets: private per-user `files`, and public `avatars` (images, at most 2 MB). */
export const DEFAULT_BUCKETS: readonly BucketSeed[] = [
  { id: "files", public: false },
  { id: "avatars", public: true, fileSizeLimit: 2 * 1024 * 1024, allowedMimeTypes: ["image/*"] },
];

/** Hosted Supabase's default global upload limit (50 MiB). */
export const DEFAULT_MAX_FILE_SIZE = 50 * 1024 * 1024;

export interface StorageServiceOptions {
  db: Database;
  /** Directory for object bytes (e.g. `${DATA_DIR}/storage`; with `s3`, only spooled uploads); created if missing. */
  rootDir: string;
  /** Keep object bytes in this S3-compatible bucket instead of under `rootDir`. */
  s3?: S3StoreConfig;
  /** Verifies a bearer JWT and returns its claims; throws (with a message) when invalid or expired. */
  verifyAccessToken: VerifyAccessToken;
  /** Secret for signed download/upload URL tokens (HS256). */
  signingSecret: string;
  /** Buckets created at first start; defaults to DEFAULT_BUCKETS. */
  defaultBuckets?: readonly BucketSeed[];
  /** Service-wide upload limit in bytes (default 50 MiB). */
  maxFileSize?: number;
  /** Longest lifetime of a signed download URL in seconds (default 7 days); longer requests are refused. */
  signedUrlMaxSeconds?: number;
  /** Per-user byte quota (the app's plans); unset = no per-user limit. */
  storageQuota?: StorageQuotaResolver;
}

async function seedBuckets(ctx: StorageContext, seeds: readonly BucketSeed[]): Promise<void> {
  for (const seed of seeds) {
    await ctx.buckets.create({
      id: seed.id,
      name: seed.id,
      ownerId: null,
      public: seed.public,
      fileSizeLimit: seed.fileSizeLimit ?? null,
      allowedMimeTypes: seed.allowedMimeTypes ?? null,
    });
  }
}

/**
 * An embedded Supabase Storage-compatible API (what `supabase.storage` calls), on the app's Postgres
 * (`storage.buckets`, `storage.objects`) with bytes on local disk or in an S3-compatible bucket. Mount `app` at `/storage/v1`.
 */
export async function createStorageService(options: StorageServiceOptions): Promise<{ app: Hono }> {
  const bytes = await createObjectByteStore(options.rootDir, options.s3);
  await bytes.init();
  const ctx = createContext({
    db: options.db,
    bytes,
    verifyAccessToken: options.verifyAccessToken,
    signingSecret: options.signingSecret,
    maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
    signedUrlMaxSeconds: options.signedUrlMaxSeconds ?? DEFAULT_SIGNED_URL_MAX_SECONDS,
    storageQuota: options.storageQuota,
  });
  await seedBuckets(ctx, options.defaultBuckets ?? DEFAULT_BUCKETS);

  const app = new Hono();
  app.onError((error, c) => {
    const failure = error instanceof StorageApiFailure ? error : storageErrors.internal();
    if (!(error instanceof StorageApiFailure)) console.error("[storage]", error);
    return c.json(failure.toBody(), failure.status as 400);
  });

  // Like hosted Storage: any origin may call (authorization is the bearer token, never cookies).
  app.use(
    "*",
    cors({
      origin: "*",
      allowMethods: ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"],
      allowHeaders: [
        "Authorization", "apikey", "Content-Type", "Cache-Control", "X-Client-Info", "X-Upsert", "X-Metadata",
        "Range", "If-None-Match", "If-Modified-Since",
      ],
      exposeHeaders: ["Content-Length", "Content-Range", "Content-Disposition", "ETag", "Last-Modified", "X-Transformations"],
      maxAge: 86_400,
    }),
  );
  app.get("/health", (c) => c.json({ healthy: true }));
  app.route("/bucket", bucketRoutes(ctx));
  // Order matters: specific `/object/<word>/…` routes before the generic `/object/:bucket/:path`.
  registerObjectListRoutes(app, ctx);
  registerObjectManageRoutes(app, ctx);
  registerObjectWriteRoutes(app, ctx);
  registerObjectReadRoutes(app, ctx);
  registerRenderRoutes(app, ctx);
  // A catch-all route (not `notFound`, which a parent app mounting this one would replace).
  app.all("*", (c) =>
    c.json({ statusCode: "404", error: "Not Found", message: `Route ${c.req.method}:${c.req.path} not found` }, 404),
  );
  return { app };
}
