import "server-only";
import { formatBillingDate } from "@/features/billing";
import type { Database } from "@/lib/db";
import { csvField } from "../../usage/server/usage-csv";
import { ordersCopy } from "../copy";
import type { OrderQuery } from "../types";
import { orderFilter, selectOrders } from "./order-query";
import { toOrderRow } from "./order-list";
import { orderUsers } from "./order-users";

/** A CSV export holds at most this many orders (newest first); narrow the filter for older ones. */
export const ORDERS_CSV_LIMIT = 5_000;

/** `GET /api/admin/orders.csv?<filter>`: the filtered list, UTF-8 with a BOM, formulas neutralised (usage's csvField). */
export async function ordersCsvResponse(db: Database, query: OrderQuery): Promise<Response> {
  const filter = await orderFilter(db, query);
  const rows = filter ? await selectOrders(db, filter.where).limit(ORDERS_CSV_LIMIT) : [];
  const users = await orderUsers(rows.map((row) => row.order.userId));
  const copy = ordersCopy;
  const header = ["订单号", "订单 ID", "下单时间", "用户 ID", "邮箱", "手机号", "套餐", "周期", "渠道", "状态", "金额（元）", "已退款（元）", "渠道单号"];
  const yuan = (fen: number) => (fen / 100).toFixed(2);
  const lines = rows.map(({ order, refunded }) => {
    const row = toOrderRow(order, refunded, users.get(order.userId));
    return [row.number, row.id, `${formatBillingDate(row.createdAt)} ${row.createdAt.slice(11, 19)}Z`, row.user.id, row.user.email, row.user.phone, row.planName, copy.intervals[row.interval], copy.providers[row.provider], copy.statuses[row.status], yuan(row.amount), yuan(row.refunded), row.providerSessionId];
  });
  const body = "\uFEFF" + [header, ...lines].map((line) => line.map((value) => csvField(value ?? null)).join(",")).join("\r\n") + "\r\n";
  return new Response(body, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="orders.csv"', "Cache-Control": "private, no-store" },
  });
}
