import type { Hono } from "hono";
import { z } from "@/lib/zod";
import { policy } from "../access";
import { caller, jsonBody, type StorageContext } from "../context";
import { storageErrors } from "../errors";
import { normalizeFolderPrefix } from "../keys";
import { entryMetadata, listEntries, type ListEntry } from "../listing";
import { bucketFor } from "../bucket-access";

const listBody = z.object({
  prefix: z.string().nullish(),
  limit: z.coerce.number().int().min(0).max(1500).nullish(),
  offset: z.coerce.number().int().min(0).nullish(),
  sortBy: z
    .object({
      column: z.enum(["name", "updated_at", "created_at", "last_accessed_at"]).nullish(),
      order: z.string().nullish(),
    })
    .nullish(),
  search: z.string().nullish(),
});

const listV2Body = z.object({
  prefix: z.string().nullish(),
  limit: z.coerce.number().int().min(1).max(1000).nullish(),
  cursor: z.string().nullish(),
  with_delimiter: z.boolean().nullish(),
  sortBy: z
    .object({ column: z.enum(["name", "updated_at", "created_at"]).nullish(), order: z.string().nullish() })
    .nullish(),
});

const orderOf = (order: string | null | undefined) => (order?.toLowerCase() === "desc" ? "desc" : "asc");

function fileJson(entry: ListEntry, name: string) {
  return {
    name,
    id: entry.id,
    updated_at: entry.updated_at,
    created_at: entry.created_at,
    last_accessed_at: entry.last_accessed_at,
    metadata: entryMetadata(entry),
  };
}

/** list-v2 cursor: base64 of `l:<last name>\no:<order>\nc:<column>\na:<sort timestamp>` lines, as Storage does. */
function encodeCursor(entry: ListEntry, order: string, column: string): string {
  return Buffer.from(`l:${entry.name}\no:${order}\nc:${column}\na:${entry.sort_ts ?? ""}`).toString("base64");
}

function decodeCursor(cursor: string): { name: string; ts: string | null } {
  const fields = new Map<string, string>();
  for (const line of Buffer.from(cursor, "base64").toString("utf8").split("\n")) {
    fields.set(line.slice(0, 1), line.slice(2));
  }
  const name = fields.get("l");
  if (name === undefined) throw storageErrors.invalidParameter("cursor");
  return { name, ts: fields.get("a") || null };
}

/** `POST /object/list/:bucket` (one folder level) and `POST /object/list-v2/:bucket` (cursor pages). */
export function registerObjectListRoutes(app: Hono, ctx: StorageContext): void {
  app.post("/object/list/:bucket", async (c) => {
    const who = await caller(c, ctx);
    const body = await jsonBody(c, listBody);
    const bucket = await bucketFor(ctx, who, c.req.param("bucket"), "read");
    const scope = policy.listScope(who);
    if (scope === null) return c.json([]);
    const prefix = normalizeFolderPrefix(body.prefix);
    const entries = await listEntries(ctx.db, {
      bucketId: bucket.id,
      prefix,
      scope,
      search: body.search ?? undefined,
      delimited: true,
      column: body.sortBy?.column ?? "name",
      order: orderOf(body.sortBy?.order),
      limit: body.limit ?? 100,
      offset: body.offset ?? 0,
    });
    return c.json(entries.map((entry) => fileJson(entry, entry.name)));
  });

  app.post("/object/list-v2/:bucket", async (c) => {
    const who = await caller(c, ctx);
    const body = await jsonBody(c, listV2Body);
    const bucket = await bucketFor(ctx, who, c.req.param("bucket"), "read");
    const scope = policy.listScope(who);
    if (scope === null) return c.json({ hasNext: false, folders: [], objects: [] });
    const limit = body.limit ?? 1000;
    const column = body.sortBy?.column ?? "name";
    const order = orderOf(body.sortBy?.order);
    const prefix = body.prefix ?? "";
    const delimited = body.with_delimiter ?? false;
    // Folder-aware prefix splitting needs the prefix to end at a folder boundary.
    const base = delimited ? prefix.slice(0, prefix.lastIndexOf("/") + 1) : prefix;
    const entries = await listEntries(ctx.db, {
      bucketId: bucket.id,
      prefix: base,
      scope,
      search: prefix.slice(base.length) || undefined, // (delimited only) partial last segment
      delimited,
      column,
      order,
      limit: limit + 1,
      after: body.cursor ? decodeCursor(body.cursor) : undefined,
    });
    const page = entries.slice(0, limit);
    const hasNext = entries.length > limit;
    const last = page.at(-1);
    return c.json({
      hasNext,
      ...(hasNext && last && { nextCursor: encodeCursor(last, order, column), nextCursorKey: base + last.name }),
      folders: page
        .filter((entry) => entry.id === null)
        // Supabase names a folder without its trailing slash (`testpath`, key `testpath/`).
        .map((entry) => ({ name: `${base}${entry.name}`, key: `${base}${entry.name}/`, id: null })),
      objects: page.filter((entry) => entry.id !== null).map((entry) => ({ ...fileJson(entry, base + entry.name), key: base + entry.name })),
    });
  });
}
