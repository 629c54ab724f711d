import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** A user's invitation code (`/invite/<code>`), made the first time they look at their link. */
export const inviteCodes = pgTable(
  "invite_codes",
  {
    userId: uuid("user_id").primaryKey(),
    code: text("code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("invite_codes_code_key").on(table.code)],
);

export const INVITATION_STATUSES = ["pending", "rewarded", "refused"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * Who invited whom: one row per invited user (the key: one inviter per user), recorded when the
 * account is created with an invitation. `pending` until the operator's trigger (sign-up, a verified
 * phone, a first payment) is met, then `rewarded` (both rewards are ledger entries) or `refused`
 * with the bound that stopped it (`reason`). `ip` / `phone` feed the per-address and per-phone bounds.
 */
export const invitations = pgTable(
  "invitations",
  {
    inviteeId: uuid("invitee_id").primaryKey(),
    inviterId: uuid("inviter_id").notNull(),
    ip: text("ip"),
    /** The browser's `spark-device` id at sign-up (migration 0041), for the per-device bound; null without one. */
    deviceId: text("device_id"),
    phone: text("phone"),
    status: text("status", { enum: INVITATION_STATUSES }).notNull().default("pending"),
    reason: text("reason"),
    inviterRewardFen: integer("inviter_reward_fen").notNull().default(0),
    inviteeRewardFen: integer("invitee_reward_fen").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    index("invitations_inviter_idx").on(table.inviterId, table.createdAt),
    index("invitations_ip_idx").on(table.ip, table.settledAt),
    index("invitations_device_idx").on(table.deviceId, table.settledAt),
    uniqueIndex("invitations_rewarded_phone_key").on(table.phone).where(sql`${table.status} = 'rewarded'`),
    check("invitations_not_self", sql`${table.inviteeId} <> ${table.inviterId}`),
    check("invitations_status", sql.raw(`status in (${INVITATION_STATUSES.map((status) => `'${status}'`).join(", ")})`)),
    check("invitations_rewards_not_negative", sql`${table.inviterRewardFen} >= 0 and ${table.inviteeRewardFen} >= 0`),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;
