import { sql } from "drizzle-orm";
import { bigint, boolean, index, jsonb, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { storageSchema } from "./namespaces";

/**
 * Buckets of the embedded Supabase-compatible storage service (src/embedded/storage). Column names follow
 * hosted Supabase's `storage.buckets`, so the same rows make sense to anyone who knows Supabase.
 */
export const storageBuckets = storageSchema.table("buckets", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** JWT `sub` of the creator; empty when the service key created it (as Supabase does). */
  ownerId: text("owner_id"),
  public: boolean("public").notNull().default(false),
  type: text("type").notNull().default("STANDARD"),
  /** Bytes; null = only the service-wide limit applies. */
  fileSizeLimit: bigint("file_size_limit", { mode: "number" }),
  /** `type/subtype` or `type/*` patterns; null or empty = any type. */
  allowedMimeTypes: text("allowed_mime_types").array(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One stored object. Its bytes live on disk under a file named after `version` (a fresh uuid per
 * upload), so moving/renaming is a row update and an upsert never overwrites a file being read.
 */
export const storageObjects = storageSchema.table(
  "objects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bucketId: text("bucket_id")
      .notNull()
      .references(() => storageBuckets.id),
    /** Full key inside the bucket, e.g. `<userId>/photos/cat.png`. */
    name: text("name").notNull(),
    ownerId: text("owner_id"),
    version: text("version").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    mimeType: text("mime_type").notNull(),
    /** Quoted md5 of the bytes, as sent in the `ETag` header. */
    etag: text("etag").notNull(),
    cacheControl: text("cache_control").notNull(),
    /** The client's `metadata` upload option (Supabase's `user_metadata`). */
    userMetadata: jsonb("user_metadata").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastAccessedAt: timestamp("last_accessed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("objects_bucket_id_name_key").on(table.bucketId, table.name),
    // Folder listings are `name like 'prefix%'` scans in byte order.
    index("objects_bucket_id_name_c_idx").on(table.bucketId, sql`${table.name} collate "C"`),
  ],
);

export type StorageBucketRow = typeof storageBuckets.$inferSelect;
export type StorageObjectRow = typeof storageObjects.$inferSelect;
