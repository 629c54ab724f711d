import "server-only";
import { count, eq } from "drizzle-orm";
import { formatOrderNumber } from "@/features/billing";
import { getPlanCatalog, type PlanCatalog } from "@/features/billing/server";
import { checkoutOrders, type CheckoutOrder, type Database } from "@/lib/db";
import type { AdminOrderRow, AdminOrdersPage, OrderQuery, OrderUser } from "../types";
import { ADMIN_ORDERS_PER_PAGE, orderFilter, selectOrders } from "./order-query";
import { orderUsers } from "./order-users";

export function toOrderRow(order: CheckoutOrder, refunded: number, user: OrderUser | undefined, catalog: PlanCatalog): AdminOrderRow {
  return {
    id: order.id,
    number: formatOrderNumber(order),
    user: user ?? { id: order.userId, email: null, phone: null },
    planName: catalog.orFree(order.planId).name,
    interval: order.interval,
    amount: order.amount,
    refunded: Number(refunded),
    currency: order.currency,
    provider: order.provider,
    providerSessionId: order.providerSessionId,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
  };
}

/** One page of every user's checkout orders, newest first, filtered in the database (20 a page). */
export async function listOrders(db: Database, query: OrderQuery, page: number): Promise<AdminOrdersPage> {
  const filter = await orderFilter(db, query);
  const empty = { orders: [], total: 0, page, perPage: ADMIN_ORDERS_PER_PAGE, query, userMatched: false };
  if (!filter) return empty;
  const [rows, [counted]] = await Promise.all([
    selectOrders(db, filter.where)
      .limit(ADMIN_ORDERS_PER_PAGE)
      .offset((page - 1) * ADMIN_ORDERS_PER_PAGE),
    db.select({ total: count() }).from(checkoutOrders).where(filter.where),
  ]);
  const users = await orderUsers(rows.map((row) => row.order.userId));
  const catalog = await getPlanCatalog(db);
  return { ...empty, orders: rows.map((row) => toOrderRow(row.order, row.refunded, users.get(row.order.userId), catalog)), total: Number(counted?.total ?? 0), userMatched: filter.userMatched };
}

export async function findOrder(db: Database, orderId: string): Promise<CheckoutOrder | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId)) return undefined;
  const [order] = await db.select().from(checkoutOrders).where(eq(checkoutOrders.id, orderId)).limit(1);
  return order;
}
