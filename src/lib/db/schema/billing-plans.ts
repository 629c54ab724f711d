import { bigint, boolean, check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/** The column's shape (the schema does not import features: PlanAppAccess in billing/plans.ts is the same). */
type PlanAppAccessColumn = { mode: "all" } | { mode: "only" | "except"; apps: string[] };

/**
 * The plans on offer, edited in the operator console (/admin/plans). A fresh database is seeded from
 * src/features/billing/server/plan-seed.ts; after that the rows are the operator's. Prices are in 分.
 * Stripe price ids are optional: unset, the STRIPE_PRICE_* environment values (then lookup keys) apply.
 */
export const billingPlans = pgTable(
  "billing_plans",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    monthlyPriceFen: integer("monthly_price_fen").notNull(),
    yearlyPriceFen: integer("yearly_price_fen").notNull(),
    monthlyTokenQuota: integer("monthly_token_quota").notNull(),
    storageBytes: bigint("storage_bytes", { mode: "number" }).notNull(),
    maxConcurrentAiCalls: integer("max_concurrent_ai_calls").notNull(),
    /** The ceiling of a personal API key's requests per minute (each key's own limit is at most this). */
    apiRequestsPerMinute: integer("api_requests_per_minute").notNull().default(60),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    visible: boolean("visible").notNull().default(true),
    position: integer("position").notNull().default(0),
    /** Which apps the plan's tokens pay for (`PlanAppAccess`, src/features/billing/plans.ts). */
    appAccess: jsonb("app_access").$type<PlanAppAccessColumn>().notNull().default({ mode: "all" }),
    stripeMonthPriceId: text("stripe_month_price_id"),
    stripeYearPriceId: text("stripe_year_price_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("billing_plans_prices_check", sql`${table.monthlyPriceFen} >= 0 and ${table.yearlyPriceFen} >= 0`),
    check("billing_plans_free_visible_check", sql`${table.id} <> 'free' or ${table.visible}`),
  ],
);

export type BillingPlanRow = typeof billingPlans.$inferSelect;
