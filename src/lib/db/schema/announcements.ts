import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * 站内公告 (src/features/announcements): text with an optional link, shown on the dashboard between
 * `starts_at` and `ends_at` (null: until deleted) to everyone or to one plan's subscribers.
 */
export const announcements = pgTable(
  "announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    text: text("text").notNull(),
    link: text("link"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** A plan id, or null for everyone. */
    audiencePlanId: text("audience_plan_id"),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("announcements_starts_at_idx").on(table.startsAt)],
);

/** One user's 关闭 of one announcement: it is not shown to them again. */
export const announcementDismissals = pgTable(
  "announcement_dismissals",
  {
    announcementId: uuid("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.announcementId, table.userId] }), index("announcement_dismissals_user_idx").on(table.userId)],
);
