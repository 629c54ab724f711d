import type { CheckoutMethod, DeviceKind } from "./checkout-methods";

/** Who takes the money: the ids stored in `checkout_orders.provider`, `subscriptions.provider` and `payments.provider`. */
export type ProviderName = "local" | "stripe" | "alipay" | "wechat_pay";

/**
 * What a provider can do, as the rest of billing asks it (instead of asking for an id). Only the
 * differences the four providers really have today.
 */
export type ProviderCapabilities = {
  /** The provider renews the period by itself (Stripe subscriptions); otherwise each period is one order, renewed by a new one. */
  recurring: boolean;
  /** A running period can be resumed after a cancel and downgraded at its end (false: it simply ends, 支付宝 / 微信支付). */
  periodChanges: boolean;
  /** The provider has a self-service page (payment methods, invoices) the billing page links to. */
  portal: boolean;
  /** Takes no money: the embedded test checkout (CHECKOUT_TEST_MODE). */
  testMode: boolean;
};

/**
 * The client-safe part of a payment provider: its id, the name users and operators read, what it
 * can do and how it is paid on each device. Imports types only, so the billing UI and the console
 * can show labels without a switch on ids. The server part is `PaymentProvider` (server/providers/types.ts).
 */
export type PaymentProviderDefinition = {
  readonly id: ProviderName;
  /** 「支付宝」, 「微信支付」, 「Stripe」, 「测试支付」 (orders, refunds, the console). */
  readonly label: string;
  readonly capabilities: ProviderCapabilities;
  /**
   * The methods to choose from on each device, best first. Empty everywhere for a provider with a
   * single checkout of its own (Stripe Checkout, the test checkout page): it is the `default` choice,
   * named by `checkoutLabel`.
   */
  readonly methodsByDevice: Readonly<Record<DeviceKind, readonly CheckoutMethod[]>>;
  /** The chooser's line for the provider's own checkout (providers without methods). */
  readonly checkoutLabel?: string;
  /** For a provider paid by scanning a QR on our order page: the line under the QR (the test mode can simulate it). */
  readonly scanPrompt?: string;
  /**
   * The `payments` row key of an order's charge, when the provider keys it by something else than
   * the order (`order:{id}`, the default): 微信支付 keys it by its transaction id.
   */
  readonly chargeKeyOf?: (order: { id: string; providerSessionId: string | null }) => string;
};
