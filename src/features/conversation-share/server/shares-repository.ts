import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { conversationShares } from "@/lib/db";
import type { Database } from "@/lib/db/types";
import type { SharedMessage } from "../types";
import { newShareToken } from "./share-token";

// The shares table. Owner-side statements name the user: one user's share is never listed or
// revoked through another's request. The public side finds a live share by its token only.

export interface StoredShare {
  id: string;
  token: string;
  userId: string;
  conversationId: string;
  appName: string;
  title: string;
  messageCount: number;
  createdAt: Date;
}

export interface NewShare {
  userId: string;
  appid: string;
  conversationId: string;
  appName: string;
  title: string;
  snapshot: SharedMessage[];
}

export async function createShare(db: Database, share: NewShare): Promise<StoredShare> {
  const [row] = await db
    .insert(conversationShares)
    .values({ ...share, token: newShareToken() })
    .returning();
  return toStoredShare(row!);
}

/** Live (not revoked) shares a user holds: every share is a row anyone signed in can add, so they are capped. */
export async function countLiveShares(db: Database, userId: string): Promise<number> {
  const [held] = await db
    .select({ value: count() })
    .from(conversationShares)
    .where(and(eq(conversationShares.userId, userId), isNull(conversationShares.revokedAt)));
  return held?.value ?? 0;
}

/** The user's live shares of one app (optionally one conversation), newest first. */
export async function listShares(db: Database, userId: string, appid: string, conversationId?: string): Promise<StoredShare[]> {
  // The count, not the snapshot: a list of shares need not read up to a megabyte each.
  const rows = await db
    .select({ ...summaryColumns, messageCount: sql<number>`jsonb_array_length(${conversationShares.snapshot})`.mapWith(Number) })
    .from(conversationShares)
    .where(
      and(
        eq(conversationShares.userId, userId),
        eq(conversationShares.appid, appid),
        isNull(conversationShares.revokedAt),
        conversationId === undefined ? undefined : eq(conversationShares.conversationId, conversationId),
      ),
    )
    .orderBy(desc(conversationShares.createdAt));
  return rows;
}

/**
 * Stops a share: the link answers 404 from now on and the snapshot is emptied (nothing of a stopped
 * share is kept but the fact that it existed). False when there is no live share of this user by this id.
 */
export async function revokeShare(db: Database, userId: string, id: string): Promise<boolean> {
  const revoked = await db
    .update(conversationShares)
    .set({ revokedAt: new Date(), snapshot: [] })
    .where(and(eq(conversationShares.id, id), eq(conversationShares.userId, userId), isNull(conversationShares.revokedAt)))
    .returning({ id: conversationShares.id });
  return revoked.length > 0;
}

/** A live share by its token, with its snapshot; undefined for unknown or revoked tokens. */
export async function findLiveShare(db: Database, token: string): Promise<(StoredShare & { snapshot: SharedMessage[] }) | undefined> {
  const [row] = await db
    .select()
    .from(conversationShares)
    .where(and(eq(conversationShares.token, token), isNull(conversationShares.revokedAt)));
  return row ? { ...toStoredShare(row), snapshot: row.snapshot } : undefined;
}

/** Removes every share of a user (their account is gone). */
export async function deleteSharesOf(db: Database, userId: string): Promise<void> {
  await db.delete(conversationShares).where(eq(conversationShares.userId, userId));
}

const summaryColumns = {
  id: conversationShares.id,
  token: conversationShares.token,
  userId: conversationShares.userId,
  conversationId: conversationShares.conversationId,
  appName: conversationShares.appName,
  title: conversationShares.title,
  createdAt: conversationShares.createdAt,
};

function toStoredShare(row: typeof conversationShares.$inferSelect): StoredShare {
  return {
    id: row.id,
    token: row.token,
    userId: row.userId,
    conversationId: row.conversationId,
    appName: row.appName,
    title: row.title,
    messageCount: row.snapshot.length,
    createdAt: row.createdAt,
  };
}
