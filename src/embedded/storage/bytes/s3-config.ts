import type { S3StoreConfig } from "./s3";

/**
 * The S3-compatible bucket for object bytes from STORAGE_S3_* (the app's env.ts validates the same
 * rules; `npm run services` reads the environment directly, like authConfigFromEnv). Unset bucket →
 * undefined: bytes stay on local disk.
 */
export function storageS3ConfigFromEnv(source: Record<string, string | undefined>): S3StoreConfig | undefined {
  const value = (name: string) => source[name] || undefined;
  const bucket = value("STORAGE_S3_BUCKET");
  if (!bucket) return undefined;
  const region = value("STORAGE_S3_REGION");
  const accessKeyId = value("STORAGE_S3_ACCESS_KEY_ID");
  const secretAccessKey = value("STORAGE_S3_SECRET_ACCESS_KEY");
  if (!region || !accessKeyId || !secretAccessKey) {
    throw new Error("设置了 STORAGE_S3_BUCKET 时必须同时提供 STORAGE_S3_REGION、STORAGE_S3_ACCESS_KEY_ID 和 STORAGE_S3_SECRET_ACCESS_KEY");
  }
  return {
    endpoint: value("STORAGE_S3_ENDPOINT"),
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: value("STORAGE_S3_FORCE_PATH_STYLE") === "true",
  };
}
