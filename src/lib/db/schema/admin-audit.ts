import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every action an operator takes in the console (/admin): who (`actor_id`), what (`action`, e.g.
 * `user.ban`), on whom, the state before and after, from which address. Written by the action's
 * handler in src/features/admin; never updated or deleted by the app. No foreign keys to `auth`
 * (see docs/architecture/operations.md): the row outlives a deleted user.
 */
/** The audit log's actor for what the site does by itself (no operator acted), e.g. a ban on repeated content-safety hits. */
export const SYSTEM_ACTOR_ID = "00000000-0000-0000-0000-000000000000";

export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").notNull(),
    action: text("action").notNull(),
    targetUserId: uuid("target_user_id"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("admin_audit_log_created_at_idx").on(table.createdAt),
    index("admin_audit_log_target_user_idx").on(table.targetUserId, table.createdAt),
  ],
);

export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
