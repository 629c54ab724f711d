import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Mails and SMS sent by the embedded services. Without SMTP this *is* the delivery (the dev outbox
 * page reads it); with SMTP a row is still kept, without the body, as a send log.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel").$type<"email" | "sms">().notNull(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    html: text("html"),
    text: text("text"),
    link: text("link"),
    code: text("code"),
    delivery: text("delivery").$type<"outbox" | "smtp" | "sms-provider">().notNull().default("outbox"),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("outbox_messages_created_at_idx").on(table.createdAt)],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
