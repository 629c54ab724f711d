import { and, eq, inArray } from "drizzle-orm";
import { moderationBlockedAnswers } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

/** Remembers a cut answer (once: a retried record is a no-op). */
export async function recordBlockedAnswer(db: Database, answer: { appid: string; messageId: string; userId: string }): Promise<void> {
  await db.insert(moderationBlockedAnswers).values(answer).onConflictDoNothing();
}

/** Of these message ids of the app, the ones whose answer was cut. */
export async function blockedAnswersAmong(db: Database, appid: string, messageIds: readonly string[]): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db
    .select({ messageId: moderationBlockedAnswers.messageId })
    .from(moderationBlockedAnswers)
    .where(and(eq(moderationBlockedAnswers.appid, appid), inArray(moderationBlockedAnswers.messageId, [...new Set(messageIds)].slice(0, 500))));
  return new Set(rows.map((row) => row.messageId));
}
