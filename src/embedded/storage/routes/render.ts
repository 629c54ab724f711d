import type { Context, Hono } from "hono";
import { caller, objectParams, type StorageContext } from "../context";
import { storageErrors } from "../errors";
import { readableObject } from "../read-access";
import { verifyToken } from "../signed-urls";
import { parseTransform, renderImage, type TransformOptions } from "../transform";
import type { StoredObject } from "../object-store";
import { OBJECT_SECURITY_HEADERS } from "../safe-headers";

/** `/render/image/{public,authenticated,sign}/:bucket/:path`: image transforms through sharp. */
export function registerRenderRoutes(app: Hono, ctx: StorageContext): void {
  const respond = async (c: Context, object: StoredObject, options: TransformOptions) => {
    const image = await renderImage(ctx.bytes, object, options, c.req.header("accept"));
    return c.body(new Uint8Array(image.body), 200, {
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.length),
      "Cache-Control": object.cacheControl,
      ETag: object.etag,
      "Last-Modified": object.updatedAt.toUTCString(),
      "X-Transformations": image.transformations,
      "X-Robots-Tag": "none",
      ...OBJECT_SECURITY_HEADERS,
    });
  };

  app.get("/render/image/public/:bucket/:path{[\\s\\S]+}", async (c) => {
    const { bucketId, key } = objectParams(c);
    const { object } = await readableObject(ctx, bucketId, key, "public");
    return respond(c, object, parseTransform(c.req.query()));
  });

  app.get("/render/image/authenticated/:bucket/:path{[\\s\\S]+}", async (c) => {
    const who = await caller(c, ctx);
    const { bucketId, key } = objectParams(c);
    const { object } = await readableObject(ctx, bucketId, key, "caller", who);
    return respond(c, object, parseTransform(c.req.query()));
  });

  app.get("/render/image/sign/:bucket/:path{[\\s\\S]+}", async (c) => {
    const { bucketId, key } = objectParams(c);
    const claims = await verifyToken(ctx.signingSecret, c.req.query("token"), "download", `${bucketId}/${key}`);
    if (!claims.transformations) throw storageErrors.invalidSignature();
    const object = await ctx.objects.find(bucketId, key);
    if (!object) throw storageErrors.noSuchKey();
    return respond(c, object, parseTransform(JSON.parse(claims.transformations)));
  });
}
