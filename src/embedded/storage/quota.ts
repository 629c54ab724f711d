import { eq, sum } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { storageObjects } from "@/lib/db/schema/storage";
import { storageErrors } from "./errors";

/** A user's storage quota and what already counts against it. */
export interface StorageAllowance {
  limitBytes: number;
  /**
   * Bytes already counted: the app decides, since it may keep bytes for the user that this service does
   * not see as theirs (say, documents stored with the service role). `usedBytes()` below is the objects part.
   */
  usedBytes: number;
}

/**
 * A user's quota and usage (null = no limit). The app passes one in (from the user's plan); the service
 * itself knows nothing of plans.
 */
export type StorageQuotaResolver = (userId: string) => Promise<StorageAllowance | null>;

/** Bytes of every object a user owns, in all buckets. */
export async function usedBytes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(storageObjects.size) })
    .from(storageObjects)
    .where(eq(storageObjects.ownerId, userId));
  return Number(row?.total ?? 0);
}

/**
 * Enforces the per-user quota. Writes that add to a user's bytes run one at a time per user (in this
 * process), so parallel uploads cannot each see the same free space: check, write and record happen
 * before the next one looks. Several app processes on one Postgres could still overshoot by at most one
 * in-flight write per process.
 */
export class QuotaGuard {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly resolve: StorageQuotaResolver | undefined,
  ) {}

  /** Bytes `userId` may still add (Infinity without a quota); `freed` counts bytes the write replaces. */
  async remaining(userId: string | null | undefined, freed = 0): Promise<number> {
    if (!userId || !this.resolve) return Number.POSITIVE_INFINITY;
    const allowance = await this.resolve(userId);
    if (allowance === null) return Number.POSITIVE_INFINITY;
    return Math.max(0, allowance.limitBytes - allowance.usedBytes + freed);
  }

  async assertFits(userId: string | null | undefined, size: number, freed = 0): Promise<void> {
    if (size > (await this.remaining(userId, freed))) throw storageErrors.quotaExceeded();
  }

  /** Runs `write` after every earlier write of the same user has finished. */
  serialize<T>(userId: string | null | undefined, write: () => Promise<T>): Promise<T> {
    if (!userId || !this.resolve) return write();
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const run = previous.then(write, write);
    const settled = run.catch(() => undefined);
    this.queues.set(userId, settled);
    void settled.then(() => {
      if (this.queues.get(userId) === settled) this.queues.delete(userId);
    });
    return run;
  }
}
