import path from "node:path";
import type { ObjectByteStore } from "./byte-store";
import { DiskStore } from "./disk";
import type { S3StoreConfig } from "./s3";

export type { ObjectByteStore, WrittenFile } from "./byte-store";
export type { S3StoreConfig } from "./s3";
export { storageS3ConfigFromEnv } from "./s3-config";

/**
 * The one place that decides where object bytes live: in the S3-compatible bucket when `s3` is
 * configured, otherwise on local disk under `rootDir`. (With S3, `rootDir` only holds spooled uploads.)
 * The S3 client is loaded only when used: a disk installation never pays for the AWS SDK.
 */
export async function createObjectByteStore(rootDir: string, s3: S3StoreConfig | undefined): Promise<ObjectByteStore> {
  if (!s3) return new DiskStore(rootDir);
  const { S3Store } = await import("./s3");
  return new S3Store(s3, path.join(rootDir, "tmp"));
}
