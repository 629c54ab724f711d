import "server-only";
import { sql } from "drizzle-orm";
import { PRODUCT_TIME_ZONE, TOPUP_PLAN_ID } from "@/features/billing";
import type { Database } from "@/lib/db";
import type { RevenueRange, RevenueReport } from "../schemas";

type Row = { day: string; topup: string | number; plans: string | number; refunds: string | number };

/**
 * 收入 per China-time day from the payments table, which records every paid order, renewal and
 * refund (a refund as a negative payment): top-ups are the wallet's order plan, the rest plan sales.
 */
export async function revenueByDay(db: Database, range: RevenueRange): Promise<RevenueReport> {
  const { rows } = await db.execute<Row>(sql`
    select to_char(created_at at time zone ${PRODUCT_TIME_ZONE}, 'YYYY-MM-DD') as day,
      coalesce(sum(amount) filter (where reason <> 'refund' and plan_id = ${TOPUP_PLAN_ID}), 0) as topup,
      coalesce(sum(amount) filter (where reason <> 'refund' and plan_id <> ${TOPUP_PLAN_ID}), 0) as plans,
      coalesce(-sum(amount) filter (where reason = 'refund'), 0) as refunds
    from payments
    where (created_at at time zone ${PRODUCT_TIME_ZONE})::date between ${range.from}::date and ${range.to}::date
    group by 1 order by 1`);
  const days = rows.map((row) => ({ day: row.day, topUpFen: Number(row.topup), planSalesFen: Number(row.plans), refundsFen: Number(row.refunds) }));
  const totals = days.reduce((sum, row) => ({ topUpFen: sum.topUpFen + row.topUpFen, planSalesFen: sum.planSalesFen + row.planSalesFen, refundsFen: sum.refundsFen + row.refundsFen }), { topUpFen: 0, planSalesFen: 0, refundsFen: 0 });
  return { ...range, days, totals };
}
