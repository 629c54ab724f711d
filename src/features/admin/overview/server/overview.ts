import "server-only";
import { and, count, eq, gt, gte, sql } from "drizzle-orm";
import { calendarDate, formatCalendarDate, startOfCalendarDay } from "@/features/billing";
import { aiUsageDaily, aiUsageEvents, aiUsageMonthlyUser, authUsers, contentReports, invoiceRequests, modelMessages, payments, type Database } from "@/lib/db";

/** One period's figures (amounts in 分). `newUsers` is null when the auth tables are not in our database (a hosted project elsewhere). */
export type OverviewFigures = { newUsers: number | null; activeUsers: number; calls: number; tokens: number; revenue: number; refunds: number; failedCalls: number };
export type AdminOverview = { today: OverviewFigures; month: OverviewFigures; pendingInvoices: number; openReports: number };

const asNumber = (value: unknown) => Number(value ?? 0);

async function newUsersSince(db: Database, since: Date): Promise<number | null> {
  try {
    const [row] = await db.select({ total: count() }).from(authUsers).where(gte(authUsers.createdAt, since));
    return asNumber(row?.total);
  } catch {
    return null;
  }
}

/**
 * A period's figures from `since` (China-time midnight of today or of the month's first day). Calls
 * and tokens from the daily rollup, revenue and refunds from `payments` (refunds are its negative
 * rows), failed calls from model apps' answers the provider broke off (status error; Dify apps' failures
 * are Dify's own logs), active users are those who made an AI call.
 */
async function figuresSince(db: Database, since: Date, activeUsers: Promise<number>): Promise<OverviewFigures> {
  const firstDay = formatCalendarDate(calendarDate(since));
  const [newUsers, [usage], [money], [failed], active] = await Promise.all([
    newUsersSince(db, since),
    db.select({ calls: sql<string>`coalesce(sum(${aiUsageDaily.calls}), 0)`, tokens: sql<string>`coalesce(sum(${aiUsageDaily.tokens}), 0)` }).from(aiUsageDaily).where(gte(aiUsageDaily.day, firstDay)),
    db
      .select({
        revenue: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.amount} > 0), 0)`,
        refunds: sql<string>`coalesce(-sum(${payments.amount}) filter (where ${payments.amount} < 0), 0)`,
      })
      .from(payments)
      .where(gte(payments.createdAt, since)),
    db.select({ total: count() }).from(modelMessages).where(and(eq(modelMessages.status, "error"), gte(modelMessages.createdAt, since))),
    activeUsers,
  ]);
  return {
    newUsers,
    activeUsers: active,
    calls: asNumber(usage?.calls),
    tokens: asNumber(usage?.tokens),
    revenue: asNumber(money?.revenue),
    refunds: asNumber(money?.refunds),
    failedCalls: asNumber(failed?.total),
  };
}

/** 概览: today and this month (China time), and what waits for an operator. */
export async function getAdminOverview(db: Database, now = new Date()): Promise<AdminOverview> {
  const today = calendarDate(now);
  const dayStart = startOfCalendarDay(today);
  const monthStart = startOfCalendarDay({ ...today, day: 1 });
  const activeToday = db
    .select({ total: sql<string>`count(distinct ${aiUsageEvents.userId})` })
    .from(aiUsageEvents)
    .where(gte(aiUsageEvents.createdAt, dayStart))
    .then(([row]) => asNumber(row?.total));
  // The month's active users are the rollup's rows (one per user with calls that month).
  const activeMonth = db
    .select({ total: count() })
    .from(aiUsageMonthlyUser)
    .where(and(eq(aiUsageMonthlyUser.month, formatCalendarDate({ ...today, day: 1 })), gt(aiUsageMonthlyUser.calls, 0)))
    .then(([row]) => asNumber(row?.total));
  const [todayFigures, monthFigures, [invoices], [reports]] = await Promise.all([
    figuresSince(db, dayStart, activeToday),
    figuresSince(db, monthStart, activeMonth),
    db.select({ total: count() }).from(invoiceRequests).where(eq(invoiceRequests.status, "pending")),
    db.select({ total: count() }).from(contentReports).where(eq(contentReports.status, "open")),
  ]);
  return { today: todayFigures, month: monthFigures, pendingInvoices: asNumber(invoices?.total), openReports: asNumber(reports?.total) };
}
