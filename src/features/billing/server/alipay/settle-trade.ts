import { and, eq, inArray } from "drizzle-orm";
import { checkoutOrders, type CheckoutOrder, type Database } from "@/lib/db";
import { afterPaymentRecorded } from "../after-payment";
import { activatePaidOrder } from "../checkout-orders";
import { orderIdOf, yuanToFen } from "./money";

/** The fields of a trade Alipay reports (in a notification or a query answer), as Alipay names them. */
export type AlipayTradeReport = {
  out_trade_no?: string;
  trade_no?: string;
  total_amount?: string;
  trade_status?: string;
};

/** The trade fields of an Alipay answer (other fields and non-text values are dropped). */
export function tradeReportOf(source: Record<string, unknown>): AlipayTradeReport {
  const text = (key: string) => (typeof source[key] === "string" ? (source[key] as string) : undefined);
  return { out_trade_no: text("out_trade_no"), trade_no: text("trade_no"), total_amount: text("total_amount"), trade_status: text("trade_status") };
}

export type SettleOutcome =
  | "activated" // the order was paid just now: the plan period is active
  | "duplicate" // already paid earlier: nothing changed
  | "waiting" // the buyer has not paid yet
  | "closed" // Alipay closed the trade unpaid; the pending order is closed too
  | "unknown_order"
  | "amount_mismatch";

const PAID = new Set(["TRADE_SUCCESS", "TRADE_FINISHED"]);

/** An Alipay order of ours by its out_trade_no (any user: Alipay's word is checked by signature first). */
export async function findAlipayOrder(db: Database, outTradeNo: string | undefined): Promise<CheckoutOrder | undefined> {
  const id = orderIdOf(outTradeNo);
  if (!id) return undefined;
  const [order] = await db
    .select()
    .from(checkoutOrders)
    .where(and(eq(checkoutOrders.id, id), eq(checkoutOrders.provider, "alipay")))
    .limit(1);
  return order;
}

/**
 * Applies what Alipay says about a trade to our order, for a notification and a query alike. The
 * caller has verified the signature (and app_id); here the order id and the exact amount are
 * checked against our database before anything changes. Paying is a conditional update in one
 * transaction with the activation, so a repeated or concurrent report activates the period once.
 */
export async function settleAlipayTrade(db: Database, report: AlipayTradeReport, now: Date): Promise<SettleOutcome> {
  const order = await findAlipayOrder(db, report.out_trade_no);
  if (!order) return "unknown_order";
  if (yuanToFen(report.total_amount) !== order.amount) return "amount_mismatch";

  if (report.trade_status === "TRADE_CLOSED") {
    await db
      .update(checkoutOrders)
      .set({ status: "canceled", completedAt: now })
      .where(and(eq(checkoutOrders.id, order.id), eq(checkoutOrders.status, "pending")));
    return order.status === "paid" ? "duplicate" : "closed";
  }
  if (!PAID.has(report.trade_status ?? "")) return "waiting";

  const outcome = await db.transaction(async (tx): Promise<SettleOutcome> => {
    // A trade paid after we closed the order locally still took the buyer's money: it is honoured.
    const [paid] = await tx
      .update(checkoutOrders)
      .set({ status: "paid", completedAt: now, providerSessionId: report.trade_no ?? null })
      .where(and(eq(checkoutOrders.id, order.id), inArray(checkoutOrders.status, ["pending", "canceled"])))
      .returning();
    if (!paid) return "duplicate";
    // One-off purchase: nothing renews by itself, so the period ends unless a renewal order is paid
    // (activatePaidOrder extends a running period of the same plan from its end).
    await activatePaidOrder(tx, paid, { cancelAtPeriodEnd: true, providerPaymentId: `order:${paid.id}` }, now);
    return "activated";
  });
  if (outcome === "activated") await afterPaymentRecorded(db, order.userId);
  return outcome;
}
