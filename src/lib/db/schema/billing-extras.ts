import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Renewal reminders already sent: one row per (user, period end, kind). The job inserts the row
 * before mailing (ON CONFLICT DO NOTHING), so of two processes running at once only one sends. The
 * dashboard banner shows the newest reminder of the current period.
 */
export const renewalReminders = pgTable(
  "renewal_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    kind: text("kind", { enum: ["7d", "1d"] }).notNull(),
    planId: text("plan_id").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("renewal_reminders_once_key").on(table.userId, table.periodEnd, table.kind)],
);

/**
 * 普通发票 requests: at most one per paid order (unique `order_id`). `tax_number` is null for an
 * individual's title. Operators mark a request issued (with the invoice number, if they have one).
 */
export const invoiceRequests = pgTable(
  "invoice_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull(),
    userId: uuid("user_id").notNull(),
    titleType: text("title_type", { enum: ["personal", "company"] }).notNull(),
    title: text("title").notNull(),
    taxNumber: text("tax_number"),
    email: text("email").notNull(),
    status: text("status", { enum: ["pending", "issued"] }).notNull().default("pending"),
    invoiceNumber: text("invoice_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    issuedBy: uuid("issued_by"),
  },
  (table) => [
    uniqueIndex("invoice_requests_order_key").on(table.orderId),
    index("invoice_requests_status_idx").on(table.status, table.createdAt),
    index("invoice_requests_user_idx").on(table.userId, table.createdAt),
  ],
);

export type RenewalReminder = typeof renewalReminders.$inferSelect;
export type InvoiceRequest = typeof invoiceRequests.$inferSelect;
