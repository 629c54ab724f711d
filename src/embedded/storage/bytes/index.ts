import path from "node:path";
import type { ObjectByteStore } from "./byte-store";
import { DiskStore } from "./disk";
import { S3Store, type S3StoreConfig } from "./s3";

export type { ObjectByteStore, WrittenFile } from "./byte-store";
export type { S3StoreConfig } from "./s3";

/**
 * The one place that decides where object bytes live: in the S3-compatible bucket when `s3` is
 * configured, otherwise on local disk under `rootDir`. (With S3, `rootDir` only holds spooled uploads.)
 */
export function createObjectByteStore(rootDir: string, s3: S3StoreConfig | undefined): ObjectByteStore {
  return s3 ? new S3Store(s3, path.join(rootDir, "tmp")) : new DiskStore(rootDir);
}
