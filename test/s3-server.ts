// Test support: a local S3-compatible server for the storage service's S3 backend. No MinIO binary can
// be fetched here, so this is @20minutes/s3rver (the maintained fork of s3rver, Node >= 20), in process,
// on a temporary directory. It verifies SigV4 signatures, so a wrongly signed request fails as on S3.
import { createRequire } from "node:module";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { S3StoreConfig } from "@/embedded/storage/bytes";

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

// The package ships no types (and @types/s3rver describes the unforked 3.x).
const S3rver = createRequire(import.meta.url)("@20minutes/s3rver") as S3rverClass;

export interface TestS3Server {
  config: S3StoreConfig;
  /** How many objects the bucket holds. */
  countObjects(): Promise<number>;
  close(): Promise<void>;
}

/** Starts an S3-compatible server with one empty bucket, on a free port. */
export async function startTestS3Server(bucket = "spark-test"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const config: S3StoreConfig = {
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    bucket,
    // s3rver's built-in account.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    config,
    // Counted on s3rver's disk (one `<key>._S3rver_object` file per object): its bucket-level routes
    // mis-sign the trailing slash the SDK sends for ListObjectsV2, which the app never calls.
    async countObjects() {
      const files = await readdir(path.join(directory, bucket), { recursive: true, encoding: "utf8" });
      return files.filter((file) => file.endsWith("._S3rver_object")).length;
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
