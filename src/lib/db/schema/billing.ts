import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * A checkout started by a user: the local provider shows it at /checkout/{id}; the Stripe provider
 * keeps the Checkout Session id here. Amounts are in the currency's minor unit (分 for CNY).
 */
export const checkoutOrders = pgTable(
  "checkout_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    planId: text("plan_id").notNull(),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("cny"),
    provider: text("provider", { enum: ["local", "stripe", "alipay", "wechat_pay"] }).notNull(),
    providerSessionId: text("provider_session_id"),
    status: text("status", { enum: ["pending", "paid", "canceled"] }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The plan period this paid order bought (a renewal's starts where the previous period ends); refunds use it. */
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
  },
  (table) => [
    index("checkout_orders_user_idx").on(table.userId, table.createdAt),
    // The console's order list: newest first over everyone.
    index("checkout_orders_created_idx").on(table.createdAt),
    uniqueIndex("checkout_orders_provider_session_key").on(table.providerSessionId),
  ],
);

/**
 * Payment history: one row per successful charge (first payment, renewal, upgrade).
 * `providerPaymentId` (a Stripe invoice id, or the local order / renewal key) makes recording idempotent.
 * A refund is a row with reason `refund` and a negative amount (keyed by the refund request number).
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    planId: text("plan_id").notNull(),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("cny"),
    provider: text("provider", { enum: ["local", "stripe", "alipay", "wechat_pay"] }).notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    reason: text("reason", { enum: ["checkout", "renewal", "plan_change", "refund"] }).notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payments_provider_payment_key").on(table.provider, table.providerPaymentId),
    index("payments_user_created_idx").on(table.userId, table.createdAt),
    // The console's 付款记录: newest first over everyone.
    index("payments_created_idx").on(table.createdAt),
  ],
);

/**
 * A downgrade waiting for the end of the current period (one per user). The current plan stays in
 * force until `effectiveAt`; then the subscription switches to `planId`.
 */
export const scheduledPlanChanges = pgTable("scheduled_plan_changes", {
  userId: uuid("user_id").primaryKey(),
  planId: text("plan_id").notNull(),
  interval: text("interval", { enum: ["month", "year"] }).notNull(),
  effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook events already processed (Stripe event ids): a replayed delivery changes nothing. */
export const billingWebhookEvents = pgTable("billing_webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider", { enum: ["stripe", "wechat_pay"] }).notNull(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

export type CheckoutOrder = typeof checkoutOrders.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type ScheduledPlanChange = typeof scheduledPlanChanges.$inferSelect;
