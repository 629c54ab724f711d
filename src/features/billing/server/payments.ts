import { desc, eq } from "drizzle-orm";
import { payments, type Database } from "@/lib/db";
import { getPlanCatalog } from "./plan-catalog";
import type { PaymentView } from "../types";
import { isTopUpOrder } from "../topup";

export type { PaymentView };

/** The user's payments, newest first. */
export async function listPayments(db: Database, userId: string, limit = 24): Promise<PaymentView[]> {
  const catalog = await getPlanCatalog(db);
  const rows = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    planName: isTopUpOrder(row) ? "余额充值" : (catalog.find(row.planId)?.name ?? row.planId),
    topUp: isTopUpOrder(row),
    interval: row.interval,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider,
    reason: row.reason,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
