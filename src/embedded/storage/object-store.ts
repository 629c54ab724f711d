import { and, eq, inArray, like } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { storageObjects, type StorageObjectRow } from "@/lib/db/schema/storage";
import { escapeLike } from "./bucket-store";
import { storageErrors } from "./errors";

export type StoredObject = StorageObjectRow;

/** What an upload or copy wrote, ready to be recorded. */
export interface ObjectContent {
  version: string;
  size: number;
  etag: string;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** Supabase's system `metadata` object of a row (eTag, size, mimetype, …). */
export function systemMetadata(object: StoredObject) {
  return {
    eTag: object.etag,
    size: object.size,
    mimetype: object.mimeType,
    cacheControl: object.cacheControl,
    lastModified: object.updatedAt.toISOString(),
    contentLength: object.size,
    httpStatusCode: 200,
  };
}

/** A `storage.objects` row as the API returns it (remove / copy responses). */
export function objectRowJson(object: StoredObject) {
  return {
    id: object.id,
    bucket_id: object.bucketId,
    name: object.name,
    owner: object.ownerId ?? "",
    owner_id: object.ownerId ?? "",
    version: object.version,
    created_at: object.createdAt.toISOString(),
    updated_at: object.updatedAt.toISOString(),
    last_accessed_at: object.lastAccessedAt.toISOString(),
    metadata: systemMetadata(object),
    user_metadata: object.userMetadata,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export class ObjectStore {
  constructor(private readonly db: Database) {}

  async find(bucketId: string, name: string): Promise<StoredObject | undefined> {
    const [object] = await this.db
      .select()
      .from(storageObjects)
      .where(and(eq(storageObjects.bucketId, bucketId), eq(storageObjects.name, name)));
    return object;
  }

  /**
   * Records new content under `name`. Without `upsert` an existing name is a Duplicate; with it the row
   * is updated and the replaced version is returned so its file can be removed.
   */
  async put(
    bucketId: string,
    name: string,
    ownerId: string | null,
    content: ObjectContent,
    upsert: boolean,
  ): Promise<{ object: StoredObject; replacedVersion?: string }> {
    const now = new Date();
    const values = { bucketId, name, ownerId, ...content, createdAt: now, updatedAt: now, lastAccessedAt: now };
    if (!upsert) {
      const [object] = await this.db.insert(storageObjects).values(values).onConflictDoNothing().returning();
      if (!object) throw storageErrors.duplicate();
      return { object };
    }
    return this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ version: storageObjects.version })
        .from(storageObjects)
        .where(and(eq(storageObjects.bucketId, bucketId), eq(storageObjects.name, name)))
        .for("update");
      const [object] = await tx
        .insert(storageObjects)
        .values(values)
        .onConflictDoUpdate({
          target: [storageObjects.bucketId, storageObjects.name],
          set: { ownerId, ...content, updatedAt: now, lastAccessedAt: now },
        })
        .returning();
      return { object: object!, replacedVersion: existing?.version };
    });
  }

  /** Deletes the named objects that exist (and, when `scope` is set, lie under it); returns them. */
  async removeMany(bucketId: string, names: string[], scope: string | undefined): Promise<StoredObject[]> {
    if (names.length === 0) return [];
    return this.db
      .delete(storageObjects)
      .where(
        and(
          eq(storageObjects.bucketId, bucketId),
          inArray(storageObjects.name, names),
          scope === undefined ? undefined : like(storageObjects.name, `${escapeLike(scope)}%`),
        ),
      )
      .returning();
  }

  async removeAll(bucketId: string): Promise<StoredObject[]> {
    return this.db.delete(storageObjects).where(eq(storageObjects.bucketId, bucketId)).returning();
  }

  /** Renames an object (possibly into another bucket); the bytes stay where they are. */
  async move(source: StoredObject, bucketId: string, name: string, ownerId: string | null): Promise<void> {
    try {
      await this.db
        .update(storageObjects)
        .set({ bucketId, name, ownerId, updatedAt: new Date() })
        .where(eq(storageObjects.id, source.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw storageErrors.duplicate();
      throw error;
    }
  }
}
