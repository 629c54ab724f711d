import type { CheckoutAvailability } from "../checkout-methods";
import { wechatPayDefinition } from "./wechat-pay/definition";
import { wechatJsapiState } from "./china-checkout/payer";
import type { PaymentProviders } from "./providers/registry";

type User = Parameters<typeof wechatJsapiState>[1];

/**
 * `GET /api/checkout`: the provider with its own checkout (Stripe / the test mode) and the configured
 * methods. The user is only read when JSAPI could be offered (it needs their WeChat sign-in).
 */
export async function checkoutAvailability(providers: PaymentProviders, currentUser: () => Promise<User>): Promise<CheckoutAvailability> {
  const { checkout, methods } = providers;
  const wechatPayOn = providers.byId(wechatPayDefinition.id).configured;
  return {
    open: checkout !== null || methods.length > 0,
    testMode: checkout?.definition.capabilities.testMode ?? false,
    defaultProvider: checkout?.id ?? null,
    methods: [...methods],
    wechatJsapi: wechatJsapiState(wechatPayOn, wechatPayOn ? await currentUser() : null),
  };
}
