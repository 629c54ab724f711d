import { and, asc, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { storageBuckets, storageObjects, type StorageBucketRow } from "@/lib/db/schema/storage";
import { storageErrors } from "./errors";

export type Bucket = StorageBucketRow;

/**
 * A bucket as the Storage API returns it (snake_case, ISO timestamps): exactly Supabase's fields, no
 * `owner_id` or `type` (storage-js's own tests snapshot the object).
 */
export function bucketJson(bucket: Bucket) {
  return {
    id: bucket.id,
    name: bucket.name,
    owner: bucket.ownerId ?? "",
    public: bucket.public,
    file_size_limit: bucket.fileSizeLimit,
    allowed_mime_types: bucket.allowedMimeTypes,
    created_at: bucket.createdAt.toISOString(),
    updated_at: bucket.updatedAt.toISOString(),
  };
}

export interface BucketListQuery {
  limit?: number;
  offset?: number;
  sortColumn?: "id" | "name" | "created_at" | "updated_at";
  sortOrder?: "asc" | "desc";
  search?: string;
  /** Only the shared buckets (no owner) and this user's own; unset = every bucket (service role). */
  visibleTo?: string;
}

const SORT_COLUMNS = {
  id: storageBuckets.id,
  name: storageBuckets.name,
  created_at: storageBuckets.createdAt,
  updated_at: storageBuckets.updatedAt,
} as const;

export class BucketStore {
  constructor(private readonly db: Database) {}

  async list(query: BucketListQuery): Promise<Bucket[]> {
    const column = SORT_COLUMNS[query.sortColumn ?? "name"];
    const rows = this.db
      .select()
      .from(storageBuckets)
      .where(
        and(
          query.search ? ilike(storageBuckets.name, `%${escapeLike(query.search)}%`) : undefined,
          query.visibleTo !== undefined ? or(isNull(storageBuckets.ownerId), eq(storageBuckets.ownerId, query.visibleTo)) : undefined,
        ),
      )
      .orderBy(query.sortOrder === "desc" ? desc(column) : asc(column))
      .offset(query.offset ?? 0);
    return query.limit ? rows.limit(query.limit) : rows;
  }

  /** How many buckets `ownerId` has created. */
  async countOwnedBy(ownerId: string): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(storageBuckets).where(eq(storageBuckets.ownerId, ownerId));
    return row?.total ?? 0;
  }

  async find(id: string): Promise<Bucket | undefined> {
    const [bucket] = await this.db.select().from(storageBuckets).where(eq(storageBuckets.id, id));
    return bucket;
  }

  async get(id: string): Promise<Bucket> {
    const bucket = await this.find(id);
    if (!bucket) throw storageErrors.noSuchBucket();
    return bucket;
  }

  /** Inserts a bucket; false when the id is taken. */
  async create(bucket: typeof storageBuckets.$inferInsert): Promise<boolean> {
    const inserted = await this.db
      .insert(storageBuckets)
      .values(bucket)
      .onConflictDoNothing()
      .returning({ id: storageBuckets.id });
    return inserted.length > 0;
  }

  async update(
    id: string,
    changes: Partial<Pick<Bucket, "public" | "fileSizeLimit" | "allowedMimeTypes">>,
  ): Promise<void> {
    const updated = await this.db
      .update(storageBuckets)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(storageBuckets.id, id))
      .returning({ id: storageBuckets.id });
    if (updated.length === 0) throw storageErrors.noSuchBucket();
  }

  async delete(id: string): Promise<void> {
    await this.get(id);
    const [used] = await this.db
      .select({ one: sql<number>`1` })
      .from(storageObjects)
      .where(eq(storageObjects.bucketId, id))
      .limit(1);
    if (used) throw storageErrors.bucketNotEmpty();
    await this.db.delete(storageBuckets).where(and(eq(storageBuckets.id, id)));
  }
}

/** Escapes `%`, `_` and `\` for a LIKE pattern (default escape character `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
