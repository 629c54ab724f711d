import { and, eq, like } from "drizzle-orm";
import { billingWebhookEvents, payments, type CheckoutOrder, type Database } from "@/lib/db";

/**
 * Whether any money of this order was refunded (wholly or in part): no invoice is issued for it.
 * Refunds are recorded per provider — Alipay as `refund:<order id>:<n>` payment rows, 微信支付 as
 * `wechat_pay:refund:<out_trade_no>_…` processed-event keys — so this looks for either.
 */
export async function isOrderRefunded(db: Database, order: Pick<CheckoutOrder, "id" | "userId">): Promise<boolean> {
  const [refund] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, order.userId), eq(payments.reason, "refund"), like(payments.providerPaymentId, `%${order.id}%`)))
    .limit(1);
  if (refund) return true;
  const outTradeNo = order.id.replace(/-/g, "").toLowerCase();
  const [event] = await db
    .select({ id: billingWebhookEvents.id })
    .from(billingWebhookEvents)
    .where(like(billingWebhookEvents.id, `wechat_pay:refund:${outTradeNo}_%`))
    .limit(1);
  return Boolean(event);
}
