import type { Context, Hono } from "hono";
import { policy } from "../access";
import type { Bucket } from "../bucket-store";
import { caller, objectParams, upsertHeader, type StorageContext } from "../context";
import { StorageApiFailure, storageErrors } from "../errors";
import type { StoredObject } from "../object-store";
import { signToken, UPLOAD_URL_LIFETIME_SECONDS, verifyToken } from "../signed-urls";
import { receiveUpload } from "../upload-body";
import { bucketFor } from "../bucket-access";

/** Uploads (create, upsert, update) and signed upload URLs. */
export function registerObjectWriteRoutes(app: Hono, ctx: StorageContext): void {
  function store(c: Context, bucket: Bucket, key: string, ownerId: string | null, upsert: boolean) {
    return ctx.quota.serialize(ownerId, () => storeNow(c, bucket, key, ownerId, upsert));
  }

  async function storeNow(c: Context, bucket: Bucket, key: string, ownerId: string | null, upsert: boolean) {
    const existing = await ctx.objects.find(bucket.id, key);
    if (!upsert && existing) throw storageErrors.duplicate();
    const sizeLimit = Math.min(bucket.fileSizeLimit ?? Number.POSITIVE_INFINITY, ctx.maxFileSize);
    // An overwrite frees what it replaces, if that was the same owner's.
    const room = await ctx.quota.remaining(ownerId, existing && existing.ownerId === ownerId ? existing.size : 0);
    let content;
    try {
      ({ content } = await receiveUpload(c.req.raw, key, ctx.bytes, {
        maxBytes: Math.min(sizeLimit, room),
        allowedMimeTypes: bucket.allowedMimeTypes,
      }));
    } catch (error) {
      // The cut-off came from the quota, not from the file size limit: say so.
      if (room < sizeLimit && error instanceof StorageApiFailure && error.code === "EntityTooLarge") {
        throw storageErrors.quotaExceeded();
      }
      throw error;
    }
    let result: { object: StoredObject; replacedVersion?: string };
    try {
      result = await ctx.objects.put(bucket.id, key, ownerId, content, upsert);
    } catch (error) {
      await ctx.bytes.remove([content.version]);
      throw error;
    }
    if (result.replacedVersion) await ctx.bytes.remove([result.replacedVersion]);
    return result.object;
  }

  // Registered before the generic `/object/:bucket/:path` routes, which would otherwise match them.
  app.post("/object/upload/sign/:bucket/:path{[\\s\\S]+}", async (c) => {
    const who = await caller(c, ctx);
    const { bucketId, key } = objectParams(c);
    await bucketFor(ctx, who, bucketId, "write");
    if (!policy.canWrite(who, key)) throw storageErrors.rlsDenied();
    const upsert = upsertHeader(c);
    if (!upsert && (await ctx.objects.find(bucketId, key))) throw storageErrors.duplicate();
    const url = `${bucketId}/${key}`;
    const claims = { url, scope: "upload" as const, owner: who.sub, upsert };
    const token = await signToken(ctx.signingSecret, claims, UPLOAD_URL_LIFETIME_SECONDS);
    return c.json({ url: `/object/upload/sign/${url}?token=${token}`, token });
  });

  app.put("/object/upload/sign/:bucket/:path{[\\s\\S]+}", async (c) => {
    const { bucketId, key } = objectParams(c);
    const claims = await verifyToken(ctx.signingSecret, c.req.query("token"), "upload", `${bucketId}/${key}`);
    const bucket = await ctx.buckets.get(bucketId);
    const object = await store(c, bucket, key, claims.owner ?? null, claims.upsert);
    return c.json({ Id: object.id, Key: `${bucketId}/${key}` });
  });

  const upload = (mode: "create" | "update") => async (c: Context) => {
    const who = await caller(c, ctx);
    const { bucketId, key } = objectParams(c);
    const bucket = await bucketFor(ctx, who, bucketId, "write");
    if (!policy.canWrite(who, key)) throw storageErrors.rlsDenied();
    const object = await store(c, bucket, key, who.sub ?? null, mode === "update" || upsertHeader(c));
    return c.json({ Id: object.id, Key: `${bucketId}/${key}` });
  };
  app.post("/object/:bucket/:path{[\\s\\S]+}", upload("create"));
  app.put("/object/:bucket/:path{[\\s\\S]+}", upload("update"));
}
