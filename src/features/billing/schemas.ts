import { z } from "@/lib/zod";
import { CHECKOUT_METHODS, type JsapiPayParams } from "./checkout-methods";
import { BILLING_INTERVALS, PLAN_ID_PATTERN } from "./plans";

// The shape only: whether the plan exists (and is on sale) is the server's check against the database.
const planId = z.string({ message: "请选择有效的套餐" }).regex(PLAN_ID_PATTERN, "请选择有效的套餐");
const interval = z.enum(BILLING_INTERVALS, { message: "计费周期只能是 month 或 year" });

/** Body of `POST /api/checkout`. */
export const checkoutBodySchema = z.object({
  planId,
  interval,
  /** 微信支付 / 支付宝 and how; absent → Stripe or the local test checkout. */
  method: z.enum(CHECKOUT_METHODS, { message: "不支持的支付方式" }).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** Body of `POST /api/billing/subscription`: changes to the current subscription. */
export const subscriptionActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("downgrade"), planId, interval: interval.optional() }),
    z.object({ action: z.literal("cancel") }),
    z.object({ action: z.literal("resume") }),
    z.object({ action: z.literal("undo-downgrade") }),
  ],
  { message: "不支持的操作" },
);
export type SubscriptionAction = z.infer<typeof subscriptionActionSchema>;

/** What `POST /api/checkout` answers: where the browser goes next. */
export type CheckoutResult = { url: string; /** 微信支付 inside WeChat: pay in place, then go to `url`. */ jsapi?: JsapiPayParams };
