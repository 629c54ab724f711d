import { bigint, index, integer, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One row per app process that holds AI calls in flight: its lease, renewed every few seconds by
 * the process while it holds any (and by each admission). A process that died stops renewing: once
 * `expires_at` has passed its reservations no longer count, and the next sweep deletes the row and,
 * by the foreign key, them.
 */
export const aiCallOwners = pgTable(
  "ai_call_owners",
  {
    id: uuid("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("ai_call_owners_expires_idx").on(table.expiresAt)],
);

/**
 * One row per AI call in flight: taken (under a per-user lock) before the upstream call, deleted
 * once the call's usage row is written or the call failed. Reserved tokens count against the monthly
 * quota and the rows against the plan's concurrent-call limit while their owner's lease holds (and
 * never past `expires_at`, a backstop for a call its live process never settled); the rest is swept
 * by the next reservation of that user. A row without owner was taken by a process of the release
 * before leases (a rolling update) and counts until `expires_at`.
 */
export const aiQuotaReservations = pgTable(
  "ai_quota_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    tokens: integer("tokens").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ownerId: uuid("owner_id").references(() => aiCallOwners.id, { onDelete: "cascade" }),
    /** 按量付费: 分 of the balance this call holds (its reservation at the app's price); 0 within the plan. */
    walletHoldFen: bigint("wallet_hold_fen", { mode: "number" }).notNull().default(0),
  },
  (table) => [index("ai_quota_reservations_user_idx").on(table.userId, table.expiresAt), index("ai_quota_reservations_owner_idx").on(table.ownerId)],
);

export type AiQuotaReservation = typeof aiQuotaReservations.$inferSelect;
