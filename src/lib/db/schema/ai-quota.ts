import { index, integer, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One row per AI call in flight: taken (under a per-user lock) before the upstream call, deleted
 * once the call's usage row is written or the call failed. Reserved tokens count against the monthly
 * quota and the rows against the plan's concurrent-call limit; a row past `expires_at` (its process
 * died) no longer counts and is swept by the next reservation of that user.
 */
export const aiQuotaReservations = pgTable(
  "ai_quota_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    tokens: integer("tokens").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("ai_quota_reservations_user_idx").on(table.userId, table.expiresAt)],
);

export type AiQuotaReservation = typeof aiQuotaReservations.$inferSelect;
