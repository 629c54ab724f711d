import { sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { escapeLike } from "./bucket-store";

/** One first-level entry under a prefix: a file (with its row) or a folder (`id` null). */
export type ListEntry = {
  /** Name relative to the listed prefix (a folder's name has no trailing slash). */
  name: string;
  id: string | null;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
  /** Sort timestamp with microseconds, for cursors. */
  sort_ts: string | null;
  size: string | number | null;
  mime_type: string | null;
  etag: string | null;
  cache_control: string | null;
};

export type ListSortColumn = "name" | "created_at" | "updated_at" | "last_accessed_at";

export interface ListQuery {
  bucketId: string;
  /** Raw key prefix; entries are split at the first `/` after it when `delimited`. */
  prefix: string;
  /** Only keys under this folder are visible to the caller (the embedded "RLS"); undefined = all. */
  scope: string | undefined;
  /** Case-insensitive prefix of the entry name inside the folder (list v1 `search`). */
  search?: string;
  delimited: boolean;
  column: ListSortColumn;
  order: "asc" | "desc";
  limit: number;
  offset?: number;
  /** Keyset: entries strictly after this (sort timestamp, name) in the chosen order. */
  after?: { name: string; ts: string | null };
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoMicro = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Lists the entries under a prefix in one query: files directly under it and (when delimited) the
 * distinct first-level folders, sorted together, then paged by offset or keyset.
 */
export async function listEntries(db: Database, query: ListQuery): Promise<ListEntry[]> {
  const start = query.prefix.length + 1; // substr is 1-based
  const rest = sql`substr(o.name, ${start})`;
  const filters: SQL[] = [
    sql`o.bucket_id = ${query.bucketId}`,
    sql`o.name like ${`${escapeLike(query.prefix)}%`}`,
  ];
  if (query.scope !== undefined) filters.push(sql`o.name like ${`${escapeLike(query.scope)}%`}`);
  if (query.search) filters.push(sql`lower(${rest}) like ${`${escapeLike(query.search.toLowerCase())}%`}`);
  const where = sql.join(filters, sql` and `);

  const folderName = query.delimited ? sql`split_part(${rest}, '/', 1)` : sql`null`;
  const isFolder = query.delimited ? sql`strpos(${rest}, '/') > 0` : sql`false`;
  const sortColumn = query.column === "name" ? null : sql.raw(`o.${query.column}`);

  const direction = sql.raw(query.order === "desc" ? "desc" : "asc");
  const comparator = sql.raw(query.order === "desc" ? "<" : ">");
  // Folders have no timestamps: they sort before files in ascending order, after them in descending.
  const tsKey = sql`coalesce(e.ts, '-infinity'::timestamptz)`;
  const nameKey = sql`e.name collate "C"`;
  const orderBy =
    sortColumn === null ? sql`${nameKey} ${direction}` : sql`${tsKey} ${direction}, ${nameKey} ${direction}`;
  let keyset = sql``;
  if (query.after) {
    keyset =
      sortColumn === null
        ? sql`where ${nameKey} ${comparator} ${query.after.name}`
        : sql`where (${tsKey}, ${nameKey}) ${comparator} (coalesce(${query.after.ts}::timestamptz, '-infinity'::timestamptz), ${query.after.name} collate "C")`;
  }

  const result = await db.execute<ListEntry>(sql`
    with matched as (
      select o.*, ${rest} as rest, ${isFolder} as is_folder, ${folderName} as folder
      from storage.objects o where ${where}
    ),
    e as (
      select distinct folder as name, true as is_folder, null::uuid as id, null::timestamptz as created_at,
        null::timestamptz as updated_at, null::timestamptz as last_accessed_at, null::timestamptz as ts,
        null::bigint as size, null::text as mime_type, null::text as etag, null::text as cache_control
      from matched where is_folder
      union all
      select rest, false, id, created_at, updated_at, last_accessed_at, ${sortColumn ?? sql`null::timestamptz`},
        size, mime_type, etag, cache_control
      from matched o where not is_folder
    )
    select e.name, e.id, ${iso(sql`e.created_at`)} as created_at, ${iso(sql`e.updated_at`)} as updated_at,
      ${iso(sql`e.last_accessed_at`)} as last_accessed_at, ${isoMicro(sql`e.ts`)} as sort_ts,
      e.size, e.mime_type, e.etag, e.cache_control
    from e ${keyset}
    order by ${orderBy}
    limit ${query.limit} offset ${query.offset ?? 0}
  `);
  return result.rows;
}

/** The system `metadata` of a listed file, as Storage returns it (null for folders). */
export function entryMetadata(entry: ListEntry) {
  if (entry.id === null) return null;
  const size = Number(entry.size);
  return {
    eTag: entry.etag,
    size,
    mimetype: entry.mime_type,
    cacheControl: entry.cache_control,
    lastModified: entry.updated_at,
    contentLength: size,
    httpStatusCode: 200,
  };
}
