import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Tokens an operator gave (positive) or took back (negative) for one calendar month (China time,
 * `period` = "YYYY-MM", see billing/calendar.ts). The month's limit is the plan's tokens plus the
 * sum of that month's grants; the user's usage page lists them with their reasons. Never updated:
 * a correction is another row. No foreign keys to `auth` (see docs/architecture/operations.md).
 */
export const aiQuotaGrants = pgTable(
  "ai_quota_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    tokens: integer("tokens").notNull(),
    reason: text("reason").notNull(),
    adminId: uuid("admin_id").notNull(),
    period: text("period").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ai_quota_grants_user_period_idx").on(table.userId, table.period)],
);

export type AiQuotaGrant = typeof aiQuotaGrants.$inferSelect;
