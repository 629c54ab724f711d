import "server-only";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { formatOrderNumber } from "@/features/billing";
import { ApiRouteError } from "@/lib/api";
import { authUsers, checkoutOrders, checkoutRefunds, invoiceRequests, type Database } from "@/lib/db";
import { z } from "@/lib/zod";
import { recordAdminAction } from "../../server/admin-audit";
import type { AdminActor } from "../../server/admin-user-actions";
import { invoicesCopy as copy } from "../copy";

export const INVOICES_PER_PAGE = 50;
export type InvoiceStatusFilter = "pending" | "issued" | "all";

export type AdminInvoiceRow = {
  id: string;
  userId: string;
  email: string | null;
  orderId: string;
  orderNumber: string;
  amount: number;
  /** What was refunded of the order (分, succeeded refunds): an invoice for a fully refunded order needs a confirmation. */
  refunded: number;
  currency: string;
  titleType: "personal" | "company";
  title: string;
  taxNumber: string | null;
  invoiceEmail: string;
  status: "pending" | "issued";
  invoiceNumber: string | null;
  createdAt: string;
  issuedAt: string | null;
};
export type AdminInvoicePage = { rows: AdminInvoiceRow[]; total: number; page: number; perPage: number; status: InvoiceStatusFilter };

export function parseInvoiceStatus(value: string | null | undefined): InvoiceStatusFilter {
  return value === "issued" || value === "all" ? value : "pending";
}

/** The succeeded refunds of the request's order, in 分 (correlated: used in the joined list, whose columns are qualified). */
const refundedOf = sql<string>`coalesce((select sum(${checkoutRefunds.amount}) from ${checkoutRefunds} where ${checkoutRefunds.orderId} = ${checkoutOrders.id} and ${checkoutRefunds.status} = 'succeeded'), 0)`;

/** Requests by status (待开具 first by default), oldest waiting first for 待开具, newest first otherwise. */
export async function listInvoiceRequests(db: Database, { status, page }: { status: InvoiceStatusFilter; page: number }): Promise<AdminInvoicePage> {
  const where = status === "all" ? undefined : eq(invoiceRequests.status, status);
  const order = status === "pending" ? [invoiceRequests.createdAt, invoiceRequests.id] : [desc(invoiceRequests.createdAt), desc(invoiceRequests.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ request: invoiceRequests, order: checkoutOrders, email: authUsers.email, refunded: refundedOf })
      .from(invoiceRequests)
      .innerJoin(checkoutOrders, eq(checkoutOrders.id, invoiceRequests.orderId))
      .leftJoin(authUsers, eq(authUsers.id, invoiceRequests.userId))
      .where(where)
      .orderBy(...order)
      .limit(INVOICES_PER_PAGE)
      .offset((page - 1) * INVOICES_PER_PAGE),
    db.select({ total: count() }).from(invoiceRequests).where(where),
  ]);
  return {
    rows: rows.map(({ request, order: paid, email, refunded }) => ({
      id: request.id,
      userId: request.userId,
      email,
      orderId: paid.id,
      orderNumber: formatOrderNumber(paid),
      amount: paid.amount,
      refunded: Number(refunded),
      currency: paid.currency,
      titleType: request.titleType,
      title: request.title,
      taxNumber: request.taxNumber,
      invoiceEmail: request.email,
      status: request.status,
      invoiceNumber: request.invoiceNumber,
      createdAt: request.createdAt.toISOString(),
      issuedAt: request.issuedAt?.toISOString() ?? null,
    })),
    total: Number(counted?.total ?? 0),
    page,
    perPage: INVOICES_PER_PAGE,
    status,
  };
}

export const markIssuedBody = z
  .object({
    invoiceNumber: z.string().trim().max(40, "发票号码最多 40 个字符").regex(/^[0-9A-Za-z-]*$/, "发票号码只能包含数字、字母和连字符").optional(),
    /** The operator saw that the order was fully refunded and still marks the invoice issued. */
    confirmRefunded: z.literal(true).optional(),
  })
  .strict();

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * 标记已开具: 待开具 → 已开具 with an optional invoice number, once (a conditional update, so two
 * operators clicking at once record one issue), audited as `invoice.issue`.
 */
export async function markInvoiceIssued(db: Database, actor: AdminActor, requestId: string, input: z.infer<typeof markIssuedBody>, now = new Date()) {
  if (!REQUEST_ID.test(requestId)) throw new ApiRouteError(404, copy.errors.notFound);
  const [existing] = await db.select().from(invoiceRequests).where(eq(invoiceRequests.id, requestId)).limit(1);
  if (!existing) throw new ApiRouteError(404, copy.errors.notFound);
  // A request made before its order was fully refunded: issuing it would bill money that was given
  // back, so the operator must say they mean it (409 until then; the console asks in its dialog).
  const [[order], [refunds]] = await Promise.all([
    db.select({ amount: checkoutOrders.amount }).from(checkoutOrders).where(eq(checkoutOrders.id, existing.orderId)),
    db
      .select({ refunded: sql<string>`coalesce(sum(${checkoutRefunds.amount}), 0)` })
      .from(checkoutRefunds)
      .where(and(eq(checkoutRefunds.orderId, existing.orderId), eq(checkoutRefunds.status, "succeeded"))),
  ]);
  const fullyRefunded = order !== undefined && order.amount > 0 && Number(refunds?.refunded ?? 0) >= order.amount;
  if (fullyRefunded && existing.status === "pending" && !input.confirmRefunded) throw new ApiRouteError(409, copy.errors.orderRefunded);
  const invoiceNumber = input.invoiceNumber || null;
  const [issued] = await db
    .update(invoiceRequests)
    .set({ status: "issued", invoiceNumber, issuedAt: now, issuedBy: actor.userId })
    .where(and(eq(invoiceRequests.id, requestId), eq(invoiceRequests.status, "pending")))
    .returning();
  if (!issued) throw new ApiRouteError(409, copy.errors.alreadyIssued);
  await recordAdminAction(db, {
    actorId: actor.userId,
    action: "invoice.issue",
    targetUserId: issued.userId,
    before: { invoiceRequestId: issued.id, orderId: issued.orderId, status: "pending" },
    after: { status: "issued", invoiceNumber, ...(fullyRefunded ? { orderRefunded: true } : {}) },
    ip: actor.ip,
  });
  return { id: issued.id, status: issued.status, invoiceNumber: issued.invoiceNumber };
}
