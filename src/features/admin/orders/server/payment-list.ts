import "server-only";
import { count, desc, type SQL } from "drizzle-orm";
import { getPlanCatalog, type PlanCatalog } from "@/features/billing/server";
import { payments, type Database, type Payment } from "@/lib/db";
import type { AdminPaymentRow, AdminPaymentsPage, OrderQuery, OrderUser } from "../types";
import { ADMIN_ORDERS_PER_PAGE, orderFilter } from "./order-query";
import { orderUsers } from "./order-users";

function toPaymentRow(row: Payment, user: OrderUser | undefined, catalog: PlanCatalog): AdminPaymentRow {
  return {
    id: row.id,
    user: user ?? { id: row.userId, email: null, phone: null },
    planName: catalog.orFree(row.planId).name,
    interval: row.interval,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider,
    reason: row.reason,
    providerPaymentId: row.providerPaymentId,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function selectPayments(db: Database, where: SQL | undefined) {
  return db.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.id));
}

/** One page of every payment (charges, renewals, refunds as negative rows), newest first, same filter as orders. */
export async function listAllPayments(db: Database, query: OrderQuery, page: number): Promise<AdminPaymentsPage> {
  const filter = await orderFilter(db, query, "payments");
  const empty = { payments: [], total: 0, page, perPage: ADMIN_ORDERS_PER_PAGE, query, userMatched: false };
  if (!filter) return empty;
  const [rows, [counted]] = await Promise.all([
    selectPayments(db, filter.where)
      .limit(ADMIN_ORDERS_PER_PAGE)
      .offset((page - 1) * ADMIN_ORDERS_PER_PAGE),
    db.select({ total: count() }).from(payments).where(filter.where),
  ]);
  const users = await orderUsers(rows.map((row) => row.userId));
  const catalog = await getPlanCatalog(db);
  return { ...empty, payments: rows.map((row) => toPaymentRow(row, users.get(row.userId), catalog)), total: Number(counted?.total ?? 0), userMatched: filter.userMatched };
}

export { toPaymentRow };
