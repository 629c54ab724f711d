import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { storageErrors } from "../errors";
import type { ObjectByteStore, WrittenFile } from "./byte-store";
import { spoolToFile } from "./spool";

export interface S3StoreConfig {
  /** e.g. https://oss-cn-hangzhou.aliyuncs.com, https://cos.ap-shanghai.myqcloud.com, http://minio:9000; unset = AWS. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle?: boolean;
}

/** Deletes in flight at once (one request per version: DeleteObjects' checksum rules differ between providers). */
const DELETE_CONCURRENCY = 8;

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Object bytes in an S3-compatible bucket (AWS S3, 阿里云 OSS, 腾讯云 COS, MinIO), one object per
 * version under `objects/<2 hex>/<version>`, so several app machines share the files. An upload is
 * spooled to a local temporary file first: that enforces the size limit and hashes while bytes arrive,
 * and lets the PUT carry a Content-Length (a streamed PUT of unknown length is refused by S3).
 */
export class S3Store implements ObjectByteStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    config: S3StoreConfig,
    /** Local directory for spooled uploads (emptied at start). */
    private readonly tmpDir: string,
  ) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle ?? false,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // The SDK's default CRC checksums (aws-chunked uploads, x-amz-checksum-*) are AWS-only; OSS, COS
      // and older MinIO refuse or mis-sign them. Only send them where an operation requires one.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private keyOf(version: string): string {
    return `objects/${version.slice(0, 2)}/${version}`;
  }

  async init(): Promise<void> {
    await rm(this.tmpDir, { recursive: true, force: true });
    await mkdir(this.tmpDir, { recursive: true });
  }

  async write(source: AsyncIterable<Uint8Array> | Readable, maxBytes: number): Promise<WrittenFile> {
    const version = randomUUID();
    const tmp = path.join(this.tmpDir, version);
    const { size, etag } = await spoolToFile(source, tmp, maxBytes);
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(version), Body: createReadStream(tmp), ContentLength: size }),
      );
    } finally {
      await rm(tmp, { force: true });
    }
    return { version, size, etag };
  }

  async duplicate(version: string): Promise<string> {
    const copy = randomUUID();
    await this.client.send(
      new CopyObjectCommand({ Bucket: this.bucket, Key: this.keyOf(copy), CopySource: `${this.bucket}/${this.keyOf(version)}` }),
    );
    return copy;
  }

  async read(version: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(version),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(Body instanceof Readable)) throw new Error("S3 GetObject returned no Node.js stream");
      return Body;
    } catch (error) {
      if (isNotFound(error)) throw storageErrors.noSuchKey();
      throw error;
    }
  }

  async exists(version: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(version) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async remove(versions: Iterable<string>): Promise<void> {
    const queue = [...versions];
    const worker = async () => {
      for (let version = queue.pop(); version !== undefined; version = queue.pop()) {
        // Deleting a missing key succeeds on S3, as `rm --force` does on disk.
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(version) }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, queue.length) }, worker));
  }
}
