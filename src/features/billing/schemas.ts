import { z } from "@/lib/zod";
import { BILLING_INTERVALS, PLAN_ID_PATTERN } from "./plans";

// The shape only: whether the plan exists (and is on sale) is the server's check against the database.
const planId = z.string({ message: "请选择有效的套餐" }).regex(PLAN_ID_PATTERN, "请选择有效的套餐");
const interval = z.enum(BILLING_INTERVALS, { message: "计费周期只能是 month 或 year" });

/** Body of `POST /api/checkout`. */
export const checkoutBodySchema = z.object({ planId, interval });
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
export type CheckoutResult = { url: string };
