import { and, eq, ne } from "drizzle-orm";
import { checkoutRefunds, type CheckoutOrder, type Database } from "@/lib/db";

/**
 * Whether any money of this order was refunded or is being refunded (wholly or in part): no invoice
 * is issued for it. Every refund goes through billing's `refundOrder`, which records it in
 * `checkout_refunds` first; a failed one gave nothing back.
 */
export async function isOrderRefunded(db: Database, order: Pick<CheckoutOrder, "id">): Promise<boolean> {
  const [refund] = await db
    .select({ id: checkoutRefunds.id })
    .from(checkoutRefunds)
    .where(and(eq(checkoutRefunds.orderId, order.id), ne(checkoutRefunds.status, "failed")))
    .limit(1);
  return Boolean(refund);
}
