import { CHECKOUT_METHODS, type CheckoutMethod } from "../../checkout-methods";
import { methodsOfProvider } from "../../payment-providers";
import { alipayPaymentProvider } from "../alipay/payment-provider";
import type { Subscription } from "@/lib/db";
import { localDefinition } from "../local/definition";
import { localPaymentProvider } from "../local/payment-provider";
import { simulatedProviderOf } from "../local/simulated";
import type { RefundGateways } from "../refunds/gateway";
import { stripePaymentProvider } from "../stripe/payment-provider";
import { wechatPayPaymentProvider } from "../wechat-pay/payment-provider";
import type { PaymentProvider, PaymentSetup, ProviderName } from "./types";

/**
 * Every payment provider, one line each (adding one: its folder, this line, its definition in
 * ../../payment-providers.ts; see the billing README). The order is the definitions' order.
 */
const REGISTERED: readonly ((setup: PaymentSetup) => PaymentProvider)[] = [localPaymentProvider, stripePaymentProvider, wechatPayPaymentProvider, alipayPaymentProvider];

/** The payment providers of one configuration: what callers dispatch through instead of naming a provider. */
export type PaymentProviders = {
  readonly all: readonly PaymentProvider[];
  /** The provider of an order, a subscription or a webhook URL. */
  byId(id: ProviderName): PaymentProvider;
  /**
   * Who manages a period: its provider; a period without one (none recorded) follows the test
   * checkout's rules, which move no money; a simulated 微信支付 / 支付宝 period follows theirs.
   */
  managing(subscription: Pick<Subscription, "provider"> & Partial<Pick<Subscription, "providerSubscriptionId">>): PaymentProvider;
  /**
   * The provider new checkouts use when no method is chosen: a real one with its own checkout
   * (Stripe) when configured, else the local test mode when it is switched on, else none (online
   * payment is not open: checkout answers 503).
   */
  readonly checkout: PaymentProvider | null;
  /** The configured provider offering a method (the test mode when it stands in for all), or null (the method is not open). */
  forMethod(method: CheckoutMethod): PaymentProvider | null;
  /** The methods the server will accept: everything of each configured provider. */
  readonly methods: readonly CheckoutMethod[];
  /** Whether the local test-mode checkout (/checkout/{id}, 支付成功 with no money) may run. */
  readonly localTestMode: boolean;
  /** The refund gateways of the configured providers: another provider's order answers 503. */
  refundGateways(): RefundGateways;
};

export function createPaymentProviders(setup: Partial<PaymentSetup> = {}): PaymentProviders {
  const complete: PaymentSetup = { stripe: null, alipay: null, wechatPay: null, localTestMode: false, siteUrl: "", ...setup };
  const all = REGISTERED.map((create) => create(complete));
  const byId = (id: ProviderName) => {
    const provider = all.find((candidate) => candidate.id === id);
    if (!provider) throw new Error(`unknown payment provider ${id}`);
    return provider;
  };
  const realForMethod = (method: CheckoutMethod) => all.find((provider) => provider.configured && methodsOfProvider(provider.definition).includes(method)) ?? null;
  const ownCheckout = all.filter((provider) => provider.configured && provider.definition.checkoutLabel !== undefined);
  // With no real provider at all, the test mode stands in for 微信支付 / 支付宝: the same chooser and
  // device paths, paid by 模拟支付 (local/simulated.ts). Beside a real provider it offers only its own checkout.
  const simulating = complete.localTestMode && all.every((provider) => !provider.configured || provider.definition.capabilities.testMode);
  const forMethod = (method: CheckoutMethod) => realForMethod(method) ?? (simulating ? byId(localDefinition.id) : null);
  return {
    all,
    byId,
    managing: (subscription) => byId(simulatedProviderOf({ providerSubscriptionId: null, ...subscription }) ?? subscription.provider ?? localDefinition.id),
    checkout: ownCheckout.find((provider) => !provider.definition.capabilities.testMode) ?? ownCheckout[0] ?? null,
    forMethod,
    methods: CHECKOUT_METHODS.filter((method) => forMethod(method) !== null),
    localTestMode: complete.localTestMode,
    refundGateways: () => Object.fromEntries(all.flatMap((provider) => (provider.refunds ? [[provider.id, provider.refunds]] : []))),
  };
}
