import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * A user's paid plan. Users without a row are on the free plan (plans: `billing_plans`);
 * checkout providers create and update rows.
 */
export const subscriptions = pgTable("subscriptions", {
  userId: uuid("user_id").primaryKey(),
  planId: text("plan_id").notNull(),
  interval: text("interval", { enum: ["month", "year"] }).notNull().default("month"),
  status: text("status", { enum: ["active", "past_due", "canceled"] }).notNull().default("active"),
  currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull().defaultNow(),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  /**
   * The plan's monthly tokens as they were when this period started (a later change to the plan holds
   * from the next period, unless the operator applies it now). Null: the plan's current figure.
   */
  periodTokenQuota: integer("period_token_quota"),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  provider: text("provider", { enum: ["local", "stripe", "alipay", "wechat_pay"] }),
  providerCustomerId: text("provider_customer_id"),
  providerSubscriptionId: text("provider_subscription_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
