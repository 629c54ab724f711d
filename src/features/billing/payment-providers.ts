import type { CheckoutMethod, DeviceKind } from "./checkout-methods";
import type { PaymentProviderDefinition, ProviderCapabilities, ProviderName } from "./payment-provider-definition";
import { alipayDefinition } from "./server/alipay/definition";
import { localDefinition } from "./server/local/definition";
import { stripeDefinition } from "./server/stripe/definition";
import { wechatPayDefinition } from "./server/wechat-pay/definition";

export type { PaymentProviderDefinition, ProviderCapabilities, ProviderName } from "./payment-provider-definition";

/**
 * Every payment provider (client-safe part), one line each. The order is the chooser's: on each
 * device 微信支付's methods come before 支付宝's. The server registry (server/providers/registry.ts)
 * lists the same providers' server parts.
 */
export const PAYMENT_PROVIDER_DEFINITIONS: readonly PaymentProviderDefinition[] = [localDefinition, stripeDefinition, wechatPayDefinition, alipayDefinition];

export const PAYMENT_PROVIDER_IDS = PAYMENT_PROVIDER_DEFINITIONS.map((definition) => definition.id);

export function providerDefinition(id: ProviderName): PaymentProviderDefinition {
  const definition = PAYMENT_PROVIDER_DEFINITIONS.find((candidate) => candidate.id === id);
  if (!definition) throw new Error(`unknown payment provider ${id}`);
  return definition;
}

/** What a provider can do; null when there is none (the free plan). */
export function providerCapabilities(id: ProviderName | null | undefined): ProviderCapabilities | null {
  return id ? providerDefinition(id).capabilities : null;
}

/**
 * What a plan period's provider can do. A test-mode period bought with a simulated 微信支付 / 支付宝
 * (`simulated`) follows that provider's rules, still marked as test mode.
 */
export function periodCapabilities(period: { provider: ProviderName | null | undefined; simulatedProvider?: ProviderName | null }): ProviderCapabilities | null {
  if (period.simulatedProvider) return { ...providerDefinition(period.simulatedProvider).capabilities, testMode: true };
  return providerCapabilities(period.provider);
}

/** The providers with these capabilities (e.g. the one-off ones: `{ recurring: false }`). */
export function providersWith(wanted: Partial<ProviderCapabilities>): ProviderName[] {
  const entries = Object.entries(wanted) as [keyof ProviderCapabilities, boolean][];
  return PAYMENT_PROVIDER_DEFINITIONS.filter((definition) => entries.every(([key, value]) => definition.capabilities[key] === value)).map((definition) => definition.id);
}

/** The name to show for a provider id (an unknown one, e.g. from an old row, is shown as is). */
export function providerLabel(id: string): string {
  return PAYMENT_PROVIDER_DEFINITIONS.find((definition) => definition.id === id)?.label ?? id;
}

/** Which provider a choosable method belongs to. */
export function providerOfMethod(method: CheckoutMethod): PaymentProviderDefinition {
  const definition = PAYMENT_PROVIDER_DEFINITIONS.find((candidate) => Object.values(candidate.methodsByDevice).some((methods) => methods.includes(method)));
  if (!definition) throw new Error(`no payment provider offers ${method}`);
  return definition;
}

/** A provider's methods on every device (each once). */
export function methodsOfProvider(definition: PaymentProviderDefinition): CheckoutMethod[] {
  return [...new Set(Object.values(definition.methodsByDevice).flat())];
}

/** What fits this device, best first: each provider's methods for it, in the providers' order. */
export function methodsOfDevice(device: DeviceKind): CheckoutMethod[] {
  return PAYMENT_PROVIDER_DEFINITIONS.flatMap((definition) => definition.methodsByDevice[device]);
}

/**
 * The configured methods that fit this device, in the device's order (each provider's definition
 * says what fits: JSAPI needs WeChat's browser; a QR needs a second device to scan).
 */
export function methodsForDevice(available: readonly CheckoutMethod[], device: DeviceKind): CheckoutMethod[] {
  return methodsOfDevice(device).filter((method) => available.includes(method));
}

/** The providers paid by a QR on our own order page (the test mode can simulate those). */
export const QR_PROVIDERS = PAYMENT_PROVIDER_DEFINITIONS.filter((definition) => definition.scanPrompt !== undefined);

export function isQrProvider(id: string): id is ProviderName {
  return QR_PROVIDERS.some((definition) => definition.id === id);
}
