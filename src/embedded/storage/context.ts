import type { Context } from "hono";
import type { z } from "zod";
import type { Database } from "@/lib/db/types";
import { resolveCaller, type Caller, type VerifyAccessToken } from "./access";
import { BucketStore } from "./bucket-store";
import type { DiskStore } from "./disk";
import { storageErrors } from "./errors";
import { assertValidKey } from "./keys";
import { ObjectStore } from "./object-store";

/** Everything the route modules share. */
export interface StorageContext {
  db: Database;
  disk: DiskStore;
  buckets: BucketStore;
  objects: ObjectStore;
  verifyAccessToken: VerifyAccessToken;
  signingSecret: Uint8Array;
  /** Service-wide upload limit in bytes (hosted default 50 MiB); bucket limits may only be lower. */
  maxFileSize: number;
}

export function createContext(
  options: Omit<StorageContext, "buckets" | "objects" | "signingSecret"> & { signingSecret: string },
): StorageContext {
  return {
    ...options,
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
  const text = await c.req.text();
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
