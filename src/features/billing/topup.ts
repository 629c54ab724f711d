import { z } from "@/lib/zod";
import { CHECKOUT_METHODS } from "./checkout-methods";
import { formatAmountFen } from "./format";

/**
 * A top-up (余额充值) is a checkout order like a plan's, under this plan id: it cannot be a plan's
 * (PLAN_ID_PATTERN has no colon), so every provider's order, notification and refund code carries it
 * unchanged and only activation and refunds look at it.
 */
export const TOPUP_PLAN_ID = "wallet:topup";

export function isTopUpOrder(order: { planId: string }): boolean {
  return order.planId === TOPUP_PLAN_ID;
}

/** Where a paid order's buyer lands: a top-up on the 余额 card with its own toast, a plan on billing. */
export function paidOrderReturnPath(order: { planId: string }): string {
  return isTopUpOrder(order) ? "/dashboard/settings/billing?checkout=topup#wallet" : "/dashboard/settings/billing?checkout=success";
}

/** What an order bought, as its pages name it. */
export function topUpName(amountFen: number): string {
  return `余额充值 ${formatAmountFen(amountFen)}`;
}

/** Body of `POST /api/billing/topup`: an amount in 分 (a fixed one or the user's own) and the method. */
export const topUpBodySchema = z.object({
  amountFen: z.number({ message: "请选择充值金额" }).int("充值金额需精确到分").positive("充值金额必须大于 0"),
  method: z.enum(CHECKOUT_METHODS, { message: "不支持的支付方式" }).optional(),
});
export type TopUpBody = z.infer<typeof topUpBodySchema>;
