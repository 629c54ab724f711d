import type { Context } from "hono";
import type { z } from "@/lib/zod";
import { readCappedText } from "@/lib/api/capped-body";
import type { Database } from "@/lib/db/types";
import { resolveCaller, type Caller, type VerifyAccessToken } from "./access";
import { BucketStore } from "./bucket-store";
import type { ObjectByteStore } from "./bytes";
import { storageErrors } from "./errors";
import { assertValidKey } from "./keys";
import { ObjectStore } from "./object-store";
import { QuotaGuard, type StorageQuotaResolver } from "./quota";

/** Everything the route modules share. */
export interface StorageContext {
  db: Database;
  /** Where object bytes live (local disk or an S3-compatible bucket). */
  bytes: ObjectByteStore;
  buckets: BucketStore;
  objects: ObjectStore;
  verifyAccessToken: VerifyAccessToken;
  signingSecret: Uint8Array;
  /** Service-wide upload limit in bytes (hosted default 50 MiB); bucket limits may only be lower. */
  maxFileSize: number;
  /** Longest lifetime a signed download URL may be given, in seconds. */
  signedUrlMaxSeconds: number;
  /** The per-user storage quota (always present; unlimited without a resolver). */
  quota: QuotaGuard;
}

/** Cap on JSON request bodies (the largest real one, 1000 paths to sign or remove, is far smaller). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export function createContext(
  options: Omit<StorageContext, "buckets" | "objects" | "signingSecret" | "quota"> & {
    signingSecret: string;
    storageQuota?: StorageQuotaResolver;
  },
): StorageContext {
  const { storageQuota, ...rest } = options;
  return {
    ...rest,
    quota: new QuotaGuard(options.db, storageQuota),
    buckets: new BucketStore(options.db),
    objects: new ObjectStore(options.db),
    signingSecret: new TextEncoder().encode(options.signingSecret),
  };
}

export function caller(c: Context, ctx: StorageContext, optional = false): Promise<Caller> {
  return resolveCaller(c, ctx.verifyAccessToken, optional);
}

/** `bucket` and the object key of a `/…/:bucket/:path{.+}` route, validated. */
export function objectParams(c: Context): { bucketId: string; key: string } {
  const bucketId = c.req.param("bucket");
  const key = c.req.param("path");
  if (!bucketId) throw storageErrors.noSuchBucket();
  if (key === undefined) throw storageErrors.invalidKey("");
  assertValidKey(key);
  return { bucketId, key };
}

/** Parses and validates a JSON body; empty bodies count as `{}`. */
export async function jsonBody<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.infer<Schema>> {
  // Refused by Content-Length or as soon as the bytes read pass the cap: an oversized or endless
  // body never sits in memory.
  const text = await readCappedText(c.req.raw, MAX_JSON_BODY_BYTES);
  if (text === null) throw storageErrors.payloadTooLarge();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw storageErrors.invalidRequest("Body is not valid JSON");
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `body/${issue.path.join("/")}` : "body";
    throw storageErrors.invalidRequest(`${where} ${issue?.message ?? "is invalid"}`);
  }
  return parsed.data;
}

/** The `x-upsert` header as storage-js sends it. */
export function upsertHeader(c: Context): boolean {
  return c.req.header("x-upsert")?.toLowerCase() === "true";
}
