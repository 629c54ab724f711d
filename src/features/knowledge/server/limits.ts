import "server-only";
import { eq } from "drizzle-orm";
import { subscriptions, type Database } from "@/lib/db";

/** How large a document may be, by plan: bytes per file and pages per PDF. */
export interface DocumentLimits {
  maxBytes: number;
  maxPages: number;
}

const MB = 1024 * 1024;
/** The free plan (no subscription, or a canceled one). */
export const FREE_DOCUMENT_LIMITS: DocumentLimits = { maxBytes: 20 * MB, maxPages: 300 };
/** Any paid plan: parsing cost grows with pages, so the cap stays finite. */
export const PAID_DOCUMENT_LIMITS: DocumentLimits = { maxBytes: 100 * MB, maxPages: 2000 };

/** The user's document limits by plan (whether they have a live subscription). */
export async function documentLimitsOf(db: Database, userId: string): Promise<DocumentLimits> {
  const [row] = await db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row && row.status !== "canceled" ? PAID_DOCUMENT_LIMITS : FREE_DOCUMENT_LIMITS;
}
