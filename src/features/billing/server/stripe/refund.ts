import Stripe from "stripe";
import { ApiRouteError } from "@/lib/api";
import type { RefundGateway } from "../refunds/gateway";
import type { StripeSetup } from "./client";

const idOf = (value: string | { id?: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/** Stripe's refusals people can act on, in Chinese; anything else is a generic retry-later. */
function chineseOf(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) {
    if (error.code === "charge_already_refunded") return "这笔付款已在 Stripe 全额退款";
    if (error.code === "amount_too_large") return "退款金额超过了 Stripe 上可退的金额";
    if (error.type === "StripeConnectionError" || error.type === "StripeAPIError") return "暂时无法连接 Stripe，请稍后重试";
    if (error.type === "StripeAuthenticationError" || error.type === "StripePermissionError") return "Stripe 密钥无权退款，请检查配置";
  }
  return "Stripe 暂时无法退款，请稍后重试";
}

/**
 * Stripe's part of a refund. The order is a Checkout Session of a subscription: its first invoice's
 * PaymentIntent is refunded (`POST /v1/refunds`, idempotency key = our refund id). The plan effect
 * then goes to Stripe too: a full refund cancels the subscription now, a partial one sets `cancel_at`
 * to the shortened end — else Stripe would renew it, and its webhooks would restore the period.
 * A refund Stripe reports `pending` (cards usually succeed at once) is recorded as done.
 */
export function stripeRefundGateway({ stripe }: StripeSetup): RefundGateway {
  return {
    async refund(order, { refundId, amount, reason }) {
      try {
        if (!order.providerSessionId) throw new ApiRouteError(409, "这笔 Stripe 订单没有支付记录，无法退款");
        const session = await stripe.checkout.sessions.retrieve(order.providerSessionId);
        const invoiceId = idOf(session.invoice);
        if (!invoiceId) throw new ApiRouteError(409, "Stripe 尚未生成这笔订单的账单，暂时无法退款");
        const { data } = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 });
        const paymentIntent = idOf(data.find((payment) => payment.status === "paid")?.payment.payment_intent);
        if (!paymentIntent) throw new ApiRouteError(409, "Stripe 上找不到这笔订单的付款，无法退款");
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, amount, reason: "requested_by_customer", metadata: { orderId: order.id, refundId, note: reason.slice(0, 450) } },
          { idempotencyKey: `sparkai-refund-${refundId}` },
        );
        if (refund.status === "failed" || refund.status === "canceled") throw new ApiRouteError(502, "Stripe 拒绝了这笔退款");
        return { status: "succeeded", providerRefundId: refund.id, paymentKey: invoiceId };
      } catch (error) {
        if (error instanceof ApiRouteError) throw error;
        console.error("Stripe 退款失败", error instanceof Error ? error.message : error);
        throw new ApiRouteError(502, `Stripe 退款失败：${chineseOf(error)}`);
      }
    },

    async afterPeriodChange(_order, subscription, { end, ended }) {
      const subscriptionId = subscription.providerSubscriptionId;
      if (!subscriptionId) return;
      if (ended) await stripe.subscriptions.cancel(subscriptionId, { prorate: false });
      else await stripe.subscriptions.update(subscriptionId, { cancel_at: Math.floor(end.getTime() / 1000), proration_behavior: "none" });
    },
  };
}
