import { ApiRouteError } from "@/lib/api";
import type { Database } from "@/lib/db";
import { topUpOptions } from "@/features/wallet/server";
import { formatAmountFen } from "../format";
import type { CheckoutResult } from "../schemas";
import { EVERY_APP } from "../plans";
import { TOPUP_PLAN_ID, topUpName, type TopUpBody } from "../topup";
import { startMethodCheckout } from "./china-checkout";
import type { BillingPlan } from "./plan-catalog";
import { getProviders, type Payer, type PaymentProviders } from "./providers";

/** The order's stand-in plan: one "period" whose price is the amount (providers read only price and name). */
function topUpPlan(amountFen: number): BillingPlan {
  return {
    id: TOPUP_PLAN_ID,
    name: topUpName(amountFen),
    description: "",
    monthlyPriceFen: amountFen,
    yearlyPriceFen: amountFen,
    monthlyTokenQuota: 0,
    storageBytes: 0,
    maxConcurrentAiCalls: 0,
    apiRequestsPerMinute: 0,
    features: [],
    visible: false,
    position: 0,
    appAccess: EVERY_APP,
    stripePriceIds: { month: null, year: null },
  };
}

/**
 * `POST /api/billing/topup`: opens an order for `amountFen` with the chosen method (微信支付 / 支付宝)
 * or the test checkout. Stripe sells subscriptions here, so it takes no top-ups.
 */
export async function startTopUp(
  db: Database,
  userId: string,
  input: TopUpBody,
  { now = new Date(), providers = getProviders(), payer = {} }: { now?: Date; providers?: PaymentProviders; payer?: Payer } = {},
): Promise<CheckoutResult> {
  const options = topUpOptions();
  if (input.amountFen < options.minFen) throw new ApiRouteError(400, `充值金额至少 ${formatAmountFen(options.minFen)}`);
  if (input.amountFen > options.maxFen) throw new ApiRouteError(400, `单次充值最多 ${formatAmountFen(options.maxFen)}`);
  const plan = topUpPlan(input.amountFen);
  const context = { db, userId, now };
  const order = { plan, interval: "month" as const, current: undefined, payer };
  if (input.method) return startMethodCheckout(providers, context, { ...order, method: input.method });
  const checkout = providers.checkout;
  if (!checkout || checkout.definition.capabilities.recurring) throw new ApiRouteError(503, "请选择微信支付或支付宝充值");
  return checkout.createPayment(context, order);
}
