import { policy, type Caller } from "./access";
import { bucketFor } from "./bucket-access";
import type { Bucket } from "./bucket-store";
import type { StorageContext } from "./context";
import { storageErrors } from "./errors";
import type { StoredObject } from "./object-store";

export type ReadMode = "public" | "caller";

/**
 * Finds an object the caller may read. Public mode needs a public bucket (anything else looks like a
 * missing bucket); caller mode hides private buckets from anonymous callers and other users' objects
 * behind NoSuchKey, as RLS would.
 */
export async function readableObject(
  ctx: StorageContext,
  bucketId: string,
  key: string,
  mode: ReadMode,
  who?: Caller,
): Promise<{ bucket: Bucket; object: StoredObject }> {
  const bucket = mode === "caller" && who ? await bucketFor(ctx, who, bucketId, "read") : await ctx.buckets.find(bucketId);
  if (!bucket) throw storageErrors.noSuchBucket();
  if (mode === "public" || !who) {
    if (!bucket.public) throw storageErrors.noSuchBucket();
  } else {
    if (!bucket.public && !policy.isService(who) && who.role !== "authenticated") throw storageErrors.noSuchBucket();
    if (!policy.canRead(who, bucket, key)) throw storageErrors.noSuchKey();
  }
  const object = await ctx.objects.find(bucketId, key);
  if (!object) throw storageErrors.noSuchKey();
  return { bucket, object };
}

/** `GET /object/info/…` body (storage-js camel-cases it). */
export function objectInfoJson(object: StoredObject) {
  return {
    id: object.id,
    name: object.name,
    version: object.version,
    bucket_id: object.bucketId,
    size: object.size,
    content_type: object.mimeType,
    cache_control: object.cacheControl,
    etag: object.etag,
    metadata: object.userMetadata ?? {},
    last_modified: object.updatedAt.toISOString(),
    created_at: object.createdAt.toISOString(),
  };
}
