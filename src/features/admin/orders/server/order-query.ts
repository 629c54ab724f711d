import "server-only";
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { checkoutOrders, checkoutRefunds, payments, type Database } from "@/lib/db";
import { dayStart } from "../../server/security-event-query";
import { isUserId, searchUsers } from "../../server/admin-users";
import { ORDER_PROVIDERS, ORDER_STATUSES, type OrderProvider, type OrderQuery, type OrderStatus } from "../types";

export const ADMIN_ORDERS_PER_PAGE = 20;

export function parseOrderQuery(read: (key: string) => string | null | undefined): OrderQuery {
  const value = (key: string, max = 100) => (read(key) ?? "").trim().slice(0, max);
  return { status: value("status"), provider: value("provider"), from: value("from"), to: value("to"), user: value("user", 320) };
}

/** The users a filter's 用户 names: an id, or the users section's e-mail / phone search (its first page). */
async function filteredUserIds(db: Database, user: string): Promise<string[]> {
  return isUserId(user) ? [user.toLowerCase()] : (await searchUsers(db, { query: user, page: 1 })).users.map((found) => found.id);
}

/**
 * The WHERE of the filter over orders (or, with `table: "payments"`, over payments: no status there).
 * The user is resolved through the users section's look-up (an id, or the auth service's e-mail /
 * phone search, its first page of matches); a user filter matching nobody answers `null` (no rows).
 * Malformed values filter nothing rather than erring.
 */
export async function orderFilter(db: Database, query: OrderQuery, table: "orders" | "payments" = "orders"): Promise<{ where: SQL | undefined; userMatched: boolean } | null> {
  const columns = table === "orders" ? checkoutOrders : payments;
  const conditions: (SQL | undefined)[] = [];
  if (table === "orders" && (ORDER_STATUSES as readonly string[]).includes(query.status)) conditions.push(eq(checkoutOrders.status, query.status as OrderStatus));
  if ((ORDER_PROVIDERS as readonly string[]).includes(query.provider)) conditions.push(eq(columns.provider, query.provider as OrderProvider));
  const from = dayStart(query.from);
  const to = dayStart(query.to, 1);
  if (from) conditions.push(gte(columns.createdAt, from));
  if (to) conditions.push(lt(columns.createdAt, to));
  let userMatched = false;
  if (query.user) {
    const ids = await filteredUserIds(db, query.user);
    if (ids.length === 0) return null;
    userMatched = true;
    conditions.push(inArray(columns.userId, ids));
  }
  return { where: and(...conditions), userMatched };
}

/** The refunded 分 of each order (pending refunds included: that money is on its way back). */
export const refundedColumn = sql<number>`coalesce((select sum(${checkoutRefunds.amount}) from ${checkoutRefunds} where ${checkoutRefunds.orderId} = ${checkoutOrders.id} and ${checkoutRefunds.status} <> 'failed'), 0)::int`;

export function selectOrders(db: Database, where: SQL | undefined) {
  return db
    .select({ order: checkoutOrders, refunded: refundedColumn })
    .from(checkoutOrders)
    .where(where)
    .orderBy(desc(checkoutOrders.createdAt), desc(checkoutOrders.id));
}
