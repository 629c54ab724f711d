import "server-only";
import { formatBillingDate } from "@/features/billing";
import type { Database } from "@/lib/db";
import { csvField } from "../../usage/server/usage-csv";
import { ordersCopy } from "../copy";
import type { OrderQuery } from "../types";
import { orderFilter, selectOrders } from "./order-query";
import { getPlanCatalog } from "@/features/billing/server";
import { toOrderRow } from "./order-list";
import { selectPayments, toPaymentRow } from "./payment-list";
import { orderUsers } from "./order-users";
import { providerLabel } from "@/features/billing";

/** A CSV export holds at most this many orders (newest first); narrow the filter for older ones. */
export const ORDERS_CSV_LIMIT = 5_000;

// A number, not text: csvField guards text starting with "-", and a refund is negative. fen / 100 prints
// the exact decimal (JavaScript prints the shortest representation).
const yuan = (fen: number) => fen / 100;
const timeOf = (iso: string) => `${formatBillingDate(iso)} ${iso.slice(11, 19)}Z`;

function csvResponse(lines: (string | number | null | undefined)[][], name: string): Response {
  const body = "\uFEFF" + lines.map((line) => line.map((value) => csvField(value ?? null)).join(",")).join("\r\n") + "\r\n";
  return new Response(body, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "private, no-store" },
  });
}

/**
 * `GET /api/admin/orders.csv?<filter>` (and `&view=payments`: the payments instead): the filtered list,
 * UTF-8 with a BOM, formulas neutralised by the usage section's csvField.
 */
export async function ordersCsvResponse(db: Database, query: OrderQuery, view: "orders" | "payments" = "orders"): Promise<Response> {
  const copy = ordersCopy;
  const filter = await orderFilter(db, query, view);
  const catalog = await getPlanCatalog(db);
  if (view === "payments") {
    const rows = filter ? await selectPayments(db, filter.where).limit(ORDERS_CSV_LIMIT) : [];
    const users = await orderUsers(rows.map((row) => row.userId));
    const header = ["时间", "用户 ID", "邮箱", "手机号", "套餐", "周期", "渠道", "类型", "金额（元）", "渠道流水", "周期开始", "周期结束"];
    const lines = rows.map((payment) => {
      const row = toPaymentRow(payment, users.get(payment.userId), catalog);
      return [timeOf(row.createdAt), row.user.id, row.user.email, row.user.phone, row.planName, copy.intervals[row.interval], providerLabel(row.provider), copy.detail.paymentReasons[row.reason], yuan(row.amount), row.providerPaymentId, row.periodStart, row.periodEnd];
    });
    return csvResponse([header, ...lines], "payments.csv");
  }
  const rows = filter ? await selectOrders(db, filter.where).limit(ORDERS_CSV_LIMIT) : [];
  const users = await orderUsers(rows.map((row) => row.order.userId));
  const header = ["订单号", "订单 ID", "下单时间", "用户 ID", "邮箱", "手机号", "套餐", "周期", "渠道", "状态", "金额（元）", "已退款（元）", "渠道单号"];
  const lines = rows.map(({ order, refunded }) => {
    const row = toOrderRow(order, refunded, users.get(order.userId), catalog);
    return [row.number, row.id, timeOf(row.createdAt), row.user.id, row.user.email, row.user.phone, row.planName, copy.intervals[row.interval], providerLabel(row.provider), copy.statuses[row.status], yuan(row.amount), yuan(row.refunded), row.providerSessionId];
  });
  return csvResponse([header, ...lines], "orders.csv");
}
