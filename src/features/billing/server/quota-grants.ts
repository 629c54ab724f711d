import { and, desc, eq, sql } from "drizzle-orm";
import { aiQuotaGrants, type Database } from "@/lib/db";
import { calendarDate } from "../calendar";
import type { QuotaGrantView } from "../types";

/** The quota month `now` falls in (China time, see calendar.ts) as stored in `ai_quota_grants.period`: "2026-11". */
export function quotaPeriod(now: Date): string {
  const { year, month } = calendarDate(now);
  return `${year}-${String(month).padStart(2, "0")}`;
}

/** The sum of the tokens operators granted (or took back) for the month of `now`; may be negative. */
export async function grantedTokensThisMonth(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ tokens: sql<string>`coalesce(sum(${aiQuotaGrants.tokens}), 0)` })
    .from(aiQuotaGrants)
    .where(and(eq(aiQuotaGrants.userId, userId), eq(aiQuotaGrants.period, quotaPeriod(now))));
  return Number(row?.tokens ?? 0);
}

export type { QuotaGrantView };

/** The month's grants of one user, newest first (the user's usage page and the operator's user page). */
export async function listQuotaGrants(db: Database, userId: string, now: Date): Promise<QuotaGrantView[]> {
  const rows = await db
    .select()
    .from(aiQuotaGrants)
    .where(and(eq(aiQuotaGrants.userId, userId), eq(aiQuotaGrants.period, quotaPeriod(now))))
    .orderBy(desc(aiQuotaGrants.createdAt), desc(aiQuotaGrants.id))
    .limit(100);
  return rows.map((row) => ({ id: row.id, tokens: row.tokens, reason: row.reason, createdAt: row.createdAt.toISOString() }));
}
