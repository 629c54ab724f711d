import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { quotaPeriod } from "@/features/billing/server";
import { aiQuotaGrants, authUsers, type Database } from "@/lib/db";

export type MonthGrantRow = { id: string; userId: string; email: string | null; tokens: number; reason: string; adminEmail: string | null; createdAt: string };

/** The month's grants of every user, newest first (the `/admin/quota` page), 200 at most. */
export async function listMonthGrants(db: Database, now = new Date()): Promise<MonthGrantRow[]> {
  const admins = sql`(select ${authUsers.email} from ${authUsers} where ${authUsers.id} = ${aiQuotaGrants.adminId})`;
  const rows = await db
    .select({ grant: aiQuotaGrants, email: authUsers.email, adminEmail: sql<string | null>`${admins}` })
    .from(aiQuotaGrants)
    .leftJoin(authUsers, eq(authUsers.id, aiQuotaGrants.userId))
    .where(eq(aiQuotaGrants.period, quotaPeriod(now)))
    .orderBy(desc(aiQuotaGrants.createdAt), desc(aiQuotaGrants.id))
    .limit(200);
  return rows.map(({ grant, email, adminEmail }) => ({
    id: grant.id,
    userId: grant.userId,
    email,
    tokens: grant.tokens,
    reason: grant.reason,
    adminEmail,
    createdAt: grant.createdAt.toISOString(),
  }));
}
