import { policy, type Caller } from "./access";
import type { Bucket } from "./bucket-store";
import type { StorageContext } from "./context";
import { storageErrors } from "./errors";

/**
 * Buckets are shared (created by the service role, no owner: `files`, `avatars`) or a user's own.
 * Another user's bucket does not exist for anyone else, except that a public one can be read;
 * only its owner (or the service role) may write into it or change it. Inside any bucket the
 * folder rule still holds (`policy.ownsKey`). The embedded stand-in for the RLS policies a hosted
 * project would put on `storage.buckets`.
 */
export type BucketUse = "read" | "write";

function ownedBySomeoneElse(who: Caller, bucket: Bucket): boolean {
  return !policy.isService(who) && bucket.ownerId !== null && bucket.ownerId !== who.sub;
}

/** Whether `who` sees `bucket` at all (listing and getting buckets). */
export function bucketVisibleTo(who: Caller, bucket: Bucket): boolean {
  return !ownedBySomeoneElse(who, bucket);
}

/** The bucket, for reading or writing objects in it; someone else's bucket is missing (404). */
export async function bucketFor(ctx: StorageContext, who: Caller, id: string, use: BucketUse): Promise<Bucket> {
  const bucket = await ctx.buckets.find(id);
  if (!bucket) throw storageErrors.noSuchBucket();
  if (ownedBySomeoneElse(who, bucket) && !(use === "read" && bucket.public)) throw storageErrors.noSuchBucket();
  return bucket;
}

/** The bucket, for changing it (settings, empty, delete): its owner's or the service role's alone. */
export async function manageableBucket(ctx: StorageContext, who: Caller, id: string, denied = storageErrors.rlsDenied): Promise<Bucket> {
  const bucket = await ctx.buckets.find(id);
  if (!bucket || ownedBySomeoneElse(who, bucket)) throw storageErrors.noSuchBucket();
  if (!policy.isService(who) && bucket.ownerId === null) throw denied(); // a shared bucket
  return bucket;
}

/** Buckets one user may create (the service role has no limit). */
export const MAX_BUCKETS_PER_USER = 10;
