import "server-only";
import { eq, sum } from "drizzle-orm";
import { getPlanCatalog } from "@/features/billing/server";
import { subscriptions, type Database } from "@/lib/db";
import { storageObjects } from "@/lib/db/schema/storage";

/**
 * The storage quota of a user's plan in bytes: what the app hands the embedded storage service as its
 * quota resolver. (With a hosted Supabase project there is no per-user quota: Supabase Storage only
 * knows per-bucket file size limits, so this is not enforced there.)
 */
export async function storageQuotaBytes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ planId: subscriptions.planId, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return (await getPlanCatalog(db)).orFree(row && row.status !== "canceled" ? row.planId : null).storageBytes;
}

export type StorageUsage = {
  /** Bytes of the user's files; null with a hosted Supabase project (not counted there). */
  usedBytes: number | null;
  quotaBytes: number;
};

/** What the storage page shows: used bytes (embedded storage only) against the plan's quota. */
export async function getStorageUsage(db: Database, userId: string, embedded: boolean): Promise<StorageUsage> {
  const quotaBytes = await storageQuotaBytes(db, userId);
  if (!embedded) return { usedBytes: null, quotaBytes };
  const [row] = await db
    .select({ total: sum(storageObjects.size) })
    .from(storageObjects)
    .where(eq(storageObjects.ownerId, userId));
  return { usedBytes: Number(row?.total ?? 0), quotaBytes };
}
