import { ApiRouteError } from "@/lib/api";
import type { CheckoutMethod } from "../../checkout-methods";
import type { CheckoutResult } from "../../schemas";
import type { BillingContext, CreatePaymentInput } from "../providers/types";
import type { PaymentProviders } from "../providers/registry";

export const METHOD_NOT_OPEN = "该支付方式暂未开通，请选择其他支付方式";

/**
 * Opens an order for one period of a plan with the chosen method (微信支付 / 支付宝; which plans may
 * be bought is decided before, in billing-actions) at the configured provider offering it. Answers
 * where the browser goes: our order page for QR and JSAPI (with the signed parameters), the
 * provider's own page for page / wap / H5 pay.
 */
export async function startMethodCheckout(providers: PaymentProviders, context: BillingContext, input: CreatePaymentInput & { method: CheckoutMethod }): Promise<CheckoutResult> {
  const provider = providers.forMethod(input.method);
  if (!provider) throw new ApiRouteError(400, METHOD_NOT_OPEN);
  return provider.createPayment(context, input);
}
