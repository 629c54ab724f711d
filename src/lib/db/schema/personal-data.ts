import { customType, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * 注销账号 waiting out the operator's cooling-off period (ACCOUNT_DELETION_COOLING_DAYS): one per
 * user. The job deletes the account at `due_at`; the user cancels by signing in and pressing 撤销.
 */
export const accountDeletionRequests = pgTable(
  "account_deletion_requests",
  {
    userId: uuid("user_id").primaryKey(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("account_deletion_requests_due_idx").on(table.dueAt)],
);

/**
 * 投诉举报: a report of an answer or a share page. `reporter_id` is null for a signed-out visitor
 * (share pages); `reporter_email` is where the operator's reply goes, when known.
 */
export const contentReports = pgTable(
  "content_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    target: text("target", { enum: ["answer", "share"] }).notNull(),
    /** The share token, or `appid:conversationId:messageId` of an answer. */
    targetRef: text("target_ref").notNull(),
    /** The user whose content is reported (a share's owner); null for an answer. */
    subjectUserId: uuid("subject_user_id"),
    reason: text("reason", { enum: ["illegal", "porn", "violence", "fraud", "privacy", "other"] }).notNull(),
    note: text("note").notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    reporterId: uuid("reporter_id"),
    reporterEmail: text("reporter_email"),
    status: text("status", { enum: ["open", "closed"] }).notNull().default("open"),
    reply: text("reply"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [index("content_reports_status_created_idx").on(table.status, table.createdAt)],
);

export type AccountDeletionRequest = typeof accountDeletionRequests.$inferSelect;
export type ContentReport = typeof contentReports.$inferSelect;

/**
 * 下载我的数据 of a large account, built in the background: the ZIP, kept until `expires_at` for the
 * signed link mailed to the user (only that user may download it). Deleted when it expires.
 */
export const personalDataExports = pgTable(
  "personal_data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    fileName: text("file_name").notNull(),
    zip: bytea("zip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("personal_data_exports_user_idx").on(table.userId), index("personal_data_exports_expires_idx").on(table.expiresAt)],
);
