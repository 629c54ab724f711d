import { Hono, type Context } from "hono";
import { z } from "@/lib/zod";
import { policy } from "../access";
import { bucketVisibleTo, manageableBucket, MAX_BUCKETS_PER_USER } from "../bucket-access";
import { bucketJson } from "../bucket-store";
import { caller, jsonBody, type StorageContext } from "../context";
import { storageErrors, type StorageApiFailure } from "../errors";
import { assertValidBucketName } from "../keys";
import { assertValidMimePatterns, parseFileSizeLimit } from "../limits";

const sizeLimit = z.union([z.number(), z.string()]).nullish();
const mimeTypes = z.array(z.string()).nullish();

const createBody = z.object({
  name: z.string(),
  id: z.string().nullish(),
  public: z.boolean().nullish(),
  type: z.enum(["STANDARD", "ANALYTICS"]).nullish(),
  file_size_limit: sizeLimit,
  allowed_mime_types: mimeTypes,
});

const updateBody = z.object({
  public: z.boolean().nullish(),
  file_size_limit: sizeLimit,
  allowed_mime_types: mimeTypes,
});

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sortColumn: z.enum(["id", "name", "created_at", "updated_at"]).optional(),
  sortOrder: z.enum(["asc", "desc"]).optional(),
  search: z.string().optional(),
});

/**
 * `/bucket…`: signed-in users see the shared buckets and their own, create their own (up to
 * MAX_BUCKETS_PER_USER) and change only those; the service key does anything.
 */
export function bucketRoutes(ctx: StorageContext): Hono {
  const app = new Hono();

  const checkedLimit = (value: number | string | null | undefined) => {
    const limit = parseFileSizeLimit(value);
    if (limit !== null && limit > ctx.maxFileSize) throw storageErrors.entityTooLarge();
    return limit;
  };
  const manageable = async (c: Context, denied?: () => StorageApiFailure) => manageableBucket(ctx, await caller(c, ctx), c.req.param("id")!, denied);

  app.get("/", async (c) => {
    const who = await caller(c, ctx);
    if (!policy.canSeeBuckets(who)) return c.json([]);
    const query = listQuery.safeParse(c.req.query());
    if (!query.success) throw storageErrors.invalidRequest("Invalid query");
    const visibleTo = policy.isService(who) ? undefined : who.sub;
    return c.json((await ctx.buckets.list({ ...query.data, visibleTo })).map(bucketJson));
  });

  app.get("/:id", async (c) => {
    const who = await caller(c, ctx);
    if (!policy.canSeeBuckets(who)) throw storageErrors.noSuchBucket();
    const bucket = await ctx.buckets.get(c.req.param("id"));
    if (!bucketVisibleTo(who, bucket)) throw storageErrors.noSuchBucket();
    return c.json(bucketJson(bucket));
  });

  app.post("/", async (c) => {
    const who = await caller(c, ctx);
    const ownBucket = !policy.isService(who);
    if (ownBucket && (who.role !== "authenticated" || !who.sub)) throw storageErrors.rlsDenied();
    const body = await jsonBody(c, createBody);
    const id = body.id ?? body.name;
    assertValidBucketName(id);
    assertValidBucketName(body.name);
    assertValidMimePatterns(body.allowed_mime_types);
    if (ownBucket && (await ctx.buckets.countOwnedBy(who.sub!)) >= MAX_BUCKETS_PER_USER) throw storageErrors.tooManyBuckets();
    const created = await ctx.buckets.create({
      id,
      name: body.name,
      ownerId: who.sub ?? null,
      public: body.public ?? false,
      type: body.type ?? "STANDARD",
      fileSizeLimit: checkedLimit(body.file_size_limit),
      allowedMimeTypes: body.allowed_mime_types?.length ? body.allowed_mime_types : null,
    });
    if (!created) throw storageErrors.duplicate();
    return c.json({ name: body.name });
  });

  app.put("/:id", async (c) => {
    const bucket = await manageable(c);
    const body = await jsonBody(c, updateBody);
    assertValidMimePatterns(body.allowed_mime_types);
    await ctx.buckets.update(bucket.id, {
      ...(body.public != null && { public: body.public }),
      ...(body.file_size_limit !== undefined && { fileSizeLimit: checkedLimit(body.file_size_limit) }),
      ...(body.allowed_mime_types !== undefined && {
        allowedMimeTypes: body.allowed_mime_types?.length ? body.allowed_mime_types : null,
      }),
    });
    return c.json({ message: "Successfully updated" });
  });

  app.post("/:id/empty", async (c) => {
    const bucket = await manageable(c, () => storageErrors.accessDenied("Access denied", 403));
    const removed = await ctx.objects.removeAll(bucket.id);
    await ctx.bytes.remove(removed.map((object) => object.version));
    return c.json({ message: "Empty bucket has been queued. Completion may take up to an hour." });
  });

  app.delete("/:id", async (c) => {
    const bucket = await manageable(c);
    await ctx.buckets.delete(bucket.id);
    return c.json({ message: "Successfully deleted" });
  });

  return app;
}
