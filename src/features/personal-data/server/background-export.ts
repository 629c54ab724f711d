import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { and, count, eq, lt } from "drizzle-orm";
import { aiUsageEvents, notes, personalDataExports, storageObjects, type Database } from "@/lib/db";

/** How long a mailed link works. */
export const EXPORT_LINK_TTL_MS = 72 * 3_600_000;

/**
 * Whether 下载我的数据 is built in the background: the account's AI calls (each one reads a
 * conversation back upstream), notes and files together reach `limit`. Cheap counts, before the
 * expensive reading.
 */
export async function isLargeAccount(db: Database, userId: string, limit: number): Promise<boolean> {
  const [[calls], [written], [files]] = await Promise.all([
    db.select({ n: count() }).from(aiUsageEvents).where(eq(aiUsageEvents.userId, userId)),
    db.select({ n: count() }).from(notes).where(eq(notes.userId, userId)),
    db.select({ n: count() }).from(storageObjects).where(eq(storageObjects.ownerId, userId)),
  ]);
  return (calls?.n ?? 0) + (written?.n ?? 0) + (files?.n ?? 0) >= limit;
}

/** The link's signature: the export, its owner and its end, under a key only the server holds. */
function signature(key: string, exportId: string, userId: string, expires: number): string {
  const derived = createHash("sha256").update(`personal-data-export:${key}`).digest();
  return createHmac("sha256", derived).update(`${exportId}.${userId}.${expires}`).digest("base64url");
}

/** The mailed link: `/api/account/data-export/{id}?expires=…&sig=…`. */
export function exportLink(siteUrl: string, key: string, row: { id: string; userId: string; expiresAt: Date }): string {
  const expires = row.expiresAt.getTime();
  const url = new URL(`/api/account/data-export/${row.id}`, siteUrl);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("sig", signature(key, row.id, row.userId, expires));
  return url.toString();
}

/** Stores a built ZIP for its link; expired ones of anybody go at the same time. */
export async function storeExport(db: Database, row: { userId: string; fileName: string; zip: Uint8Array; now?: Date }): Promise<{ id: string; userId: string; expiresAt: Date }> {
  const now = row.now ?? new Date();
  await db.delete(personalDataExports).where(lt(personalDataExports.expiresAt, now));
  const [stored] = await db
    .insert(personalDataExports)
    .values({ userId: row.userId, fileName: row.fileName, zip: Buffer.from(row.zip), expiresAt: new Date(now.getTime() + EXPORT_LINK_TTL_MS) })
    .returning({ id: personalDataExports.id, userId: personalDataExports.userId, expiresAt: personalDataExports.expiresAt });
  return stored!;
}

export type OpenedExport = { fileName: string; zip: Uint8Array } | { refused: "not_found" | "expired" };

/**
 * The ZIP behind a link, for the signed-in `userId` only: the signature must be the one made for
 * this user (another user's link, or a changed one, is not found), and the link not expired.
 */
export async function openExport(db: Database, key: string, link: { id: string; expires: string | null; sig: string | null }, userId: string, now = new Date()): Promise<OpenedExport> {
  const expires = Number(link.expires);
  if (!Number.isSafeInteger(expires) || !link.sig) return { refused: "not_found" };
  const expected = Buffer.from(signature(key, link.id, userId, expires));
  const given = Buffer.from(link.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { refused: "not_found" };
  if (expires <= now.getTime()) return { refused: "expired" };
  const [row] = await db.select().from(personalDataExports).where(and(eq(personalDataExports.id, link.id), eq(personalDataExports.userId, userId)));
  if (!row) return { refused: "not_found" };
  if (row.expiresAt.getTime() <= now.getTime()) return { refused: "expired" };
  return { fileName: row.fileName, zip: new Uint8Array(row.zip) };
}
