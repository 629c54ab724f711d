import { and, desc, eq, inArray } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { checkoutOrders, invoiceRequests, type Database, type InvoiceRequest } from "@/lib/db";
import { invoiceCopy } from "../../invoice-copy";
import { formatOrderNumber } from "../../format";
import type { InvoiceRequestBody, OrderInvoiceView } from "../../invoice-schema";
import { getPlanCatalog } from "../plan-catalog";
import { isOrderRefunded } from "./order-refunds";

/**
 * 申请发票 for one of the user's own paid orders. Another user's order answers exactly what a
 * missing one does (404); an unpaid, closed or refunded order is refused (409); a second request
 * for the same order is refused by the unique order_id, even when two arrive at once.
 */
export async function requestInvoice(db: Database, userId: string, body: InvoiceRequestBody, now = new Date()): Promise<InvoiceRequest> {
  const [order] = await db
    .select()
    .from(checkoutOrders)
    .where(and(eq(checkoutOrders.id, body.orderId), eq(checkoutOrders.userId, userId)))
    .limit(1);
  if (!order) throw new ApiRouteError(404, invoiceCopy.errors.orderNotFound);
  if (order.status !== "paid") throw new ApiRouteError(409, invoiceCopy.errors.notPaid);
  if (await isOrderRefunded(db, order)) throw new ApiRouteError(409, invoiceCopy.errors.refunded);
  const [created] = await db
    .insert(invoiceRequests)
    .values({
      orderId: order.id,
      userId,
      titleType: body.titleType,
      title: body.title,
      taxNumber: body.taxNumber ?? null,
      email: body.email,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new ApiRouteError(409, invoiceCopy.errors.alreadyRequested);
  return created;
}

/** The user's paid orders, newest first, each with its invoice request (the billing page's 订单与发票). */
export async function listOrdersWithInvoices(db: Database, userId: string, limit = 24): Promise<OrderInvoiceView[]> {
  const orders = await db
    .select()
    .from(checkoutOrders)
    .where(and(eq(checkoutOrders.userId, userId), eq(checkoutOrders.status, "paid")))
    .orderBy(desc(checkoutOrders.createdAt))
    .limit(limit);
  if (orders.length === 0) return [];
  const requests = await db
    .select()
    .from(invoiceRequests)
    .where(and(eq(invoiceRequests.userId, userId), inArray(invoiceRequests.orderId, orders.map((order) => order.id))));
  const byOrder = new Map(requests.map((request) => [request.orderId, request]));
  const catalog = await getPlanCatalog(db);
  return Promise.all(
    orders.map(async (order) => {
      const request = byOrder.get(order.id);
      return {
        orderId: order.id,
        orderNumber: formatOrderNumber(order),
        planName: catalog.orFree(order.planId).name,
        interval: order.interval,
        amount: order.amount,
        currency: order.currency,
        paidAt: order.completedAt?.toISOString() ?? null,
        periodStart: order.periodStart?.toISOString() ?? null,
        periodEnd: order.periodEnd?.toISOString() ?? null,
        invoiceable: !request && !(await isOrderRefunded(db, order)),
        invoice: request ? { status: request.status, title: request.title, invoiceNumber: request.invoiceNumber } : null,
      };
    }),
  );
}
