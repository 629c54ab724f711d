import type { CheckoutOrder, Database, Subscription } from "@/lib/db";
import type { CheckoutMethod } from "../../checkout-methods";
import type { PaymentProviderDefinition, ProviderName } from "../../payment-provider-definition";
import type { BillingInterval } from "../../plans";
import type { CheckoutResult } from "../../schemas";
import type { BillingPlan as Plan } from "../plan-catalog";
import type { RefundGateway } from "../refunds/gateway";
import type { AlipaySetup } from "../alipay/config";
import type { StripeSetup } from "../stripe/client";
import type { WechatPayClient } from "../wechat-pay/client";

export type { ProviderName } from "../../payment-provider-definition";

export type BillingContext = { db: Database; userId: string; now: Date };

/** Who pays, as far as a method needs it: the 公众号 openid (JSAPI) and the client IP (H5). */
export type Payer = { openid?: string; clientIp?: string };

/**
 * The configuration every provider is built from: each provider's setup (null when its environment
 * variables are unset) and what they share. `paymentSetupFromEnv` reads it; tests pass their own.
 */
export type PaymentSetup = {
  stripe: StripeSetup | null;
  alipay: AlipaySetup | null;
  wechatPay: WechatPayClient | null;
  /** CHECKOUT_TEST_MODE: the local test checkout (and its simulated 微信支付 / 支付宝 QR) may run. */
  localTestMode: boolean;
  /** SITE_URL without a trailing slash (H5 payments come back to our order page). */
  siteUrl: string;
};

export type CreatePaymentInput = {
  plan: Plan;
  interval: BillingInterval;
  current: Subscription | undefined;
  /** One of the definition's methods; undefined for a provider with a single checkout of its own. */
  method?: CheckoutMethod;
  payer: Payer;
};

/**
 * Managing a running period (rules — which changes are allowed — live in billing-actions.ts; a
 * provider only carries them out). Works whatever the configuration where it moves no money.
 */
export interface PeriodManagement {
  /** Turns cancel-at-period-end on (cancel) or off (resume). */
  setCancelAtPeriodEnd(context: BillingContext, subscription: Subscription, cancel: boolean): Promise<void>;
  /** Moves to a cheaper paid plan when the current period ends. */
  scheduleDowngrade(context: BillingContext, subscription: Subscription, target: { plan: Plan; interval: BillingInterval }): Promise<void>;
  /** Drops a scheduled downgrade: the current plan simply renews. */
  undoDowngrade(context: BillingContext, subscription: Subscription): Promise<void>;
  /** The provider's self-service page (payment methods, invoices), or null when it has none. */
  portalUrl(context: BillingContext, subscription: Subscription | undefined, returnUrl: string): Promise<string | null>;
}

/**
 * One payment provider (server part): one folder under server/ implements it, one line in
 * server/providers/registry.ts registers it. The optional parts are what only some providers do.
 */
export interface PaymentProvider extends PeriodManagement {
  readonly id: ProviderName;
  /** The client-safe part: label, capabilities, methods by device. */
  readonly definition: PaymentProviderDefinition;
  /** Whether new payments can be taken (its environment variables are set / the test mode is on). */
  readonly configured: boolean;
  /**
   * Starts paying for one period of a plan (which plans may be bought is decided before, in
   * billing-actions); answers where the browser goes next. Throws 503 when not configured.
   */
  createPayment(context: BillingContext, input: CreatePaymentInput): Promise<CheckoutResult>;
  /**
   * The provider's webhook / 异步通知 (`/api/webhooks/…`): verified here, answered in the provider's
   * own format (also when the database cannot be opened: hence a function, called inside its handling).
   */
  handleNotification?(request: Request, database: () => Promise<Database>): Promise<Response>;
  /** How long one of its pending orders stays payable; null for no timeout. */
  orderTimeoutMs?(order: CheckoutOrder): number | null;
  /**
   * A poll of a pending order (a return without a notification yet): asks the provider and settles
   * it as a notification would; past its timeout (`expired`) the order is closed instead (the
   * provider is asked first, so a payment that landed meanwhile still counts).
   */
  syncOrder?(db: Database, order: CheckoutOrder, at: { now: Date; expired: boolean }): Promise<void>;
  /** The expired-orders job: closes its unpaid orders past their timeout; answers how many closed. */
  closeExpiredOrders?(db: Database, now: Date): Promise<number>;
  /** Moves the money of a refund (the shared rules are refunds/refund-order.ts); null when not configured (503). */
  readonly refunds: RefundGateway | null;
}
