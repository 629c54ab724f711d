import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One refund request of a paid checkout order (the operator console's 退款). The id is the request's
 * key everywhere: the console sends it (so a double click is one request), and it goes to the
 * provider as the refund number (Alipay out_request_no, 微信支付 out_refund_no, Stripe's idempotency
 * key). `pending` counts against the refundable remainder until the provider settles it (微信支付
 * confirms by notification); a settled refund is also a negative `payments` row keyed `refund:<id>`.
 */
export const checkoutRefunds = pgTable(
  "checkout_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull(),
    userId: uuid("user_id").notNull(),
    provider: text("provider", { enum: ["local", "stripe", "alipay", "wechat_pay"] }).notNull(),
    /** Positive, in 分. */
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull().default("pending"),
    providerRefundId: text("provider_refund_id"),
    actorId: uuid("actor_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("checkout_refunds_order_idx").on(table.orderId, table.createdAt)],
);

export type CheckoutRefund = typeof checkoutRefunds.$inferSelect;
