import "server-only";
import { count, desc, eq, sql } from "drizzle-orm";
import { quotaPeriod } from "@/features/billing/server";
import { aiQuotaGrants, authUsers, type Database } from "@/lib/db";

export type MonthGrantRow = { id: string; userId: string; email: string | null; tokens: number; reason: string; adminEmail: string | null; createdAt: string };

export const MONTH_GRANTS_PER_PAGE = 50;
export type MonthGrantsPage = { grants: MonthGrantRow[]; total: number; page: number; perPage: number };

/** One page of the month's grants of every user, newest first (the `/admin/quota` page), paged in the database. */
export async function listMonthGrants(db: Database, { page = 1, now = new Date() }: { page?: number; now?: Date } = {}): Promise<MonthGrantsPage> {
  const admins = sql`(select ${authUsers.email} from ${authUsers} where ${authUsers.id} = ${aiQuotaGrants.adminId})`;
  const where = eq(aiQuotaGrants.period, quotaPeriod(now));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ grant: aiQuotaGrants, email: authUsers.email, adminEmail: sql<string | null>`${admins}` })
      .from(aiQuotaGrants)
      .leftJoin(authUsers, eq(authUsers.id, aiQuotaGrants.userId))
      .where(where)
      .orderBy(desc(aiQuotaGrants.createdAt), desc(aiQuotaGrants.id))
      .limit(MONTH_GRANTS_PER_PAGE)
      .offset((page - 1) * MONTH_GRANTS_PER_PAGE),
    db.select({ total: count() }).from(aiQuotaGrants).where(where),
  ]);
  const grants = rows.map(({ grant, email, adminEmail }) => ({
    id: grant.id,
    userId: grant.userId,
    email,
    tokens: grant.tokens,
    reason: grant.reason,
    adminEmail,
    createdAt: grant.createdAt.toISOString(),
  }));
  return { grants, total: counted?.total ?? 0, page, perPage: MONTH_GRANTS_PER_PAGE };
}
