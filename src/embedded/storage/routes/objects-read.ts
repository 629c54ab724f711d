import type { Context, Hono } from "hono";
import { caller, objectParams, type StorageContext } from "../context";
import { objectInfoJson, readableObject, type ReadMode } from "../read-access";
import { objectHeaders, serveObject } from "../serve-object";
import { verifyToken } from "../signed-urls";
import { storageErrors } from "../errors";

type Auth = "public" | "required" | "optional";

/** Downloads (GET, and HEAD via Hono's GET handling), info and signed downloads. */
export function registerObjectReadRoutes(app: Hono, ctx: StorageContext): void {
  const locate = async (c: Context, auth: Auth) => {
    const { bucketId, key } = objectParams(c);
    const mode: ReadMode = auth === "public" ? "public" : "caller";
    const who = auth === "public" ? undefined : await caller(c, ctx, auth === "optional");
    return readableObject(ctx, bucketId, key, mode, who?.role === "anon" ? undefined : who);
  };

  const info = (auth: Auth) => async (c: Context) => {
    const { object } = await locate(c, auth);
    const { ETag, "Last-Modified": lastModified, "Cache-Control": cacheControl } = objectHeaders(object);
    return c.json(objectInfoJson(object), 200, { ETag, "Last-Modified": lastModified, "Cache-Control": cacheControl });
  };
  app.get("/object/info/public/:bucket/:path{[\\s\\S]+}", info("public"));
  app.get("/object/info/authenticated/:bucket/:path{[\\s\\S]+}", info("required"));
  app.get("/object/info/:bucket/:path{[\\s\\S]+}", info("optional"));

  app.get("/object/sign/:bucket/:path{[\\s\\S]+}", async (c) => {
    const { bucketId, key } = objectParams(c);
    const claims = await verifyToken(ctx.signingSecret, c.req.query("token"), "download", `${bucketId}/${key}`);
    if (claims.transformations) throw storageErrors.invalidSignature();
    const object = await ctx.objects.find(bucketId, key);
    if (!object) throw storageErrors.noSuchKey();
    return serveObject(c, ctx.bytes, object, { Expires: new Date(claims.exp * 1000).toUTCString() });
  });

  const download = (auth: Auth) => async (c: Context) => serveObject(c, ctx.bytes, (await locate(c, auth)).object);
  app.get("/object/public/:bucket/:path{[\\s\\S]+}", download("public"));
  app.get("/object/authenticated/:bucket/:path{[\\s\\S]+}", download("required"));
  app.get("/object/:bucket/:path{[\\s\\S]+}", download("optional"));
}
