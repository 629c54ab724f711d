import type { CheckoutOrder, Subscription } from "@/lib/db";

export type RefundProvider = CheckoutOrder["provider"];

/** What a refund request asks of the provider that took the money. */
export type GatewayRefundRequest = {
  /** The refund's id: the provider's refund number / idempotency key, so a retry is the same refund. */
  refundId: string;
  /** In 分, positive, already checked against what is left. */
  amount: number;
  reason: string;
};

export type GatewayRefundOutcome = {
  /** `pending`: the provider confirms later (微信支付's REFUND.SUCCESS notification → settleRefund). */
  status: "succeeded" | "pending";
  providerRefundId: string | null;
  /** The `payments` key of the charge refunded, when only the provider knows it (a Stripe invoice id). */
  paymentKey?: string;
};

/**
 * One provider's part of a refund: the money only. Validation, locking, the ledger and the plan
 * effect are shared (refund-order.ts), so the four providers cannot drift apart. A gateway throws an
 * ApiRouteError with a Chinese message when the provider refuses; nothing local has changed then.
 */
export interface RefundGateway {
  refund(order: CheckoutOrder, request: GatewayRefundRequest): Promise<GatewayRefundOutcome>;
  /**
   * After the local period changed: a provider that renews by itself (Stripe) is told too, or its
   * next webhook would restore the period. `end` is the new end; `ended` means the plan ended now.
   */
  afterPeriodChange?(order: CheckoutOrder, subscription: Subscription, change: { end: Date; ended: boolean }): Promise<void>;
}

export type RefundGateways = Partial<Record<RefundProvider, RefundGateway>>;

/** The local test-mode checkout took no money: its refund is a local record only. */
export const localRefundGateway: RefundGateway = {
  async refund() {
    return { status: "succeeded", providerRefundId: null };
  },
};
