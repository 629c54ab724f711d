import type { Hono } from "hono";
import { z } from "@/lib/zod";
import { policy } from "../access";
import { caller, jsonBody, objectParams, upsertHeader, type StorageContext } from "../context";
import { storageErrors } from "../errors";
import { assertValidKey } from "../keys";
import { assertFitsBucket } from "../limits";
import { objectRowJson } from "../object-store";
import { readableObject } from "../read-access";
import { signToken } from "../signed-urls";
import { parseTransform } from "../transform";
import { bucketFor } from "../bucket-access";

const moveBody = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().nullish(),
});

const copyBody = moveBody.extend({
  copyMetadata: z.boolean().nullish(),
  metadata: z.object({ cacheControl: z.string().optional(), mimetype: z.string().optional() }).nullish(),
});

const expiresIn = z.coerce.number().int().min(1);
const signOneBody = z.object({ expiresIn, transform: z.record(z.string(), z.unknown()).nullish() });
const signManyBody = z.object({ expiresIn, paths: z.array(z.string()).min(1).max(1000) });
const removeBody = z.object({ prefixes: z.array(z.string()).min(1).max(1000) });

function assertLifetime(ctx: StorageContext, expiresIn: number): void {
  if (expiresIn > ctx.signedUrlMaxSeconds) {
    throw storageErrors.invalidRequest(`body/expiresIn must be <= ${ctx.signedUrlMaxSeconds}`);
  }
}

const NOT_SIGNABLE = "Either the object does not exist or you do not have access to it";

/** Remove, move, copy and signed download URLs. */
export function registerObjectManageRoutes(app: Hono, ctx: StorageContext): void {
  app.post("/object/move", async (c) => {
    const who = await caller(c, ctx);
    const body = await jsonBody(c, moveBody);
    const destBucket = body.destinationBucket || body.bucketId;
    assertValidKey(body.sourceKey);
    assertValidKey(body.destinationKey);
    const { object } = await readableObject(ctx, body.bucketId, body.sourceKey, "caller", who);
    if (!policy.canWrite(who, body.sourceKey)) throw storageErrors.noSuchKey();
    if (!policy.canWrite(who, body.destinationKey)) throw storageErrors.rlsDenied();
    const destination = await bucketFor(ctx, who, destBucket, "write");
    // A move into another bucket is an upload there: its size limit and MIME allow-list apply.
    if (destBucket !== body.bucketId) assertFitsBucket(destination, object, ctx.maxFileSize);
    if (await ctx.objects.find(destBucket, body.destinationKey)) throw storageErrors.duplicate();
    const newOwner = who.sub ?? null;
    // Taking over an object someone else owned adds its bytes to the caller's quota.
    await ctx.quota.serialize(newOwner, async () => {
      if (object.ownerId !== newOwner) await ctx.quota.assertFits(newOwner, object.size);
      await ctx.objects.move(object, destBucket, body.destinationKey, newOwner);
    });
    return c.json({ message: "Successfully moved" });
  });

  app.post("/object/copy", async (c) => {
    const who = await caller(c, ctx);
    const body = await jsonBody(c, copyBody);
    const destBucketId = body.destinationBucket || body.bucketId;
    assertValidKey(body.sourceKey);
    assertValidKey(body.destinationKey);
    const { object } = await readableObject(ctx, body.bucketId, body.sourceKey, "caller", who);
    if (!policy.canWrite(who, body.destinationKey)) throw storageErrors.rlsDenied();
    const upsert = upsertHeader(c);
    const destBucket = await bucketFor(ctx, who, destBucketId, "write");
    if (!upsert && (await ctx.objects.find(destBucketId, body.destinationKey))) throw storageErrors.duplicate();
    const mimeType = body.metadata?.mimetype ?? object.mimeType;
    // A copy is an upload into the destination: its size limit and MIME allow-list apply to the new type.
    assertFitsBucket(destBucket, { size: object.size, mimeType }, ctx.maxFileSize);
    const keepMetadata = body.copyMetadata ?? true;
    const newOwner = who.sub ?? null;
    const content = {
      size: object.size,
      etag: object.etag,
      mimeType,
      cacheControl: body.metadata?.cacheControl ?? object.cacheControl,
      userMetadata: keepMetadata ? object.userMetadata : null,
    };
    const copied = await ctx.quota.serialize(newOwner, async () => {
      // The copy's bytes count against the caller's quota; an overwrite of their own object frees its bytes.
      const replaced = upsert ? await ctx.objects.find(destBucketId, body.destinationKey) : undefined;
      await ctx.quota.assertFits(newOwner, object.size, replaced?.ownerId === newOwner ? replaced.size : 0);
      const version = await ctx.bytes.duplicate(object.version);
      try {
        return await ctx.objects.put(destBucketId, body.destinationKey, newOwner, { version, ...content }, upsert);
      } catch (error) {
        await ctx.bytes.remove([version]);
        throw error;
      }
    });
    if (copied.replacedVersion) await ctx.bytes.remove([copied.replacedVersion]);
    return c.json({ ...objectRowJson(copied.object), Id: copied.object.id, Key: `${destBucketId}/${body.destinationKey}` });
  });

  app.post("/object/sign/:bucket/:path{[\\s\\S]+}", async (c) => {
    const who = await caller(c, ctx);
    const { bucketId, key } = objectParams(c);
    const body = await jsonBody(c, signOneBody);
    assertLifetime(ctx, body.expiresIn);
    await readableObject(ctx, bucketId, key, "caller", who);
    const transform = body.transform && Object.keys(body.transform).length > 0 ? parseTransform(body.transform) : null;
    const url = `${bucketId}/${key}`;
    const claims = { url, scope: "download" as const, ...(transform && { transformations: JSON.stringify(transform) }) };
    const token = await signToken(ctx.signingSecret, claims, body.expiresIn);
    const base = transform ? "/render/image/sign" : "/object/sign";
    return c.json({ signedURL: `${base}/${url}?token=${token}` });
  });

  app.post("/object/sign/:bucket", async (c) => {
    const who = await caller(c, ctx);
    const bucketId = c.req.param("bucket");
    const body = await jsonBody(c, signManyBody);
    assertLifetime(ctx, body.expiresIn);
    const signed = await Promise.all(
      body.paths.map(async (path) => {
        try {
          assertValidKey(path);
          await readableObject(ctx, bucketId, path, "caller", who);
        } catch {
          return { error: NOT_SIGNABLE, path, signedURL: null };
        }
        const url = `${bucketId}/${path}`;
        const token = await signToken(ctx.signingSecret, { url, scope: "download" }, body.expiresIn);
        return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
      }),
    );
    return c.json(signed);
  });

  app.delete("/object/:bucket/:path{[\\s\\S]+}", async (c) => {
    const who = await caller(c, ctx);
    const { bucketId, key } = objectParams(c);
    await bucketFor(ctx, who, bucketId, "write");
    const scope = policy.listScope(who);
    if (scope === null || !policy.canWrite(who, key)) throw storageErrors.noSuchKey();
    const [removed] = await ctx.objects.removeMany(bucketId, [key], scope);
    if (!removed) throw storageErrors.noSuchKey();
    await ctx.bytes.remove([removed.version]);
    return c.json({ message: "Successfully deleted" });
  });

  app.delete("/object/:bucket", async (c) => {
    const who = await caller(c, ctx);
    const bucketId = c.req.param("bucket");
    const body = await jsonBody(c, removeBody);
    await bucketFor(ctx, who, bucketId, "write");
    const scope = policy.listScope(who);
    if (scope === null) return c.json([]);
    const removed = await ctx.objects.removeMany(bucketId, body.prefixes, scope);
    await ctx.bytes.remove(removed.map((object) => object.version));
    return c.json(removed.map(objectRowJson));
  });
}
