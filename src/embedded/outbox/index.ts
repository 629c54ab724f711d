import { desc } from "drizzle-orm";
import nodemailer from "nodemailer";
import { outboxMessages, type Database, type OutboxMessageRow } from "@/lib/db";
import type { OutboxMessage, OutboxTransport, OutgoingMail, OutgoingSms, SmsProvider } from "./types";

export type * from "./types";

export interface CreateOutboxOptions {
  db: Database;
  /** smtp(s)://user:pass@host:port — when set, mails are delivered by SMTP instead of the dev outbox. */
  smtpUrl?: string;
  /** Sender address for SMTP mails. */
  from?: string;
  /** SMS delivery; default: the dev outbox (messages only land in the database). */
  smsProvider?: SmsProvider;
  /**
   * Whether SMS may land in the dev outbox when no `smsProvider` is given (default true). Off in
   * production: with no sender every SMS send fails instead of pretending to deliver a code.
   */
  devSms?: boolean;
}

export interface Outbox extends OutboxTransport {
  /** Newest first, for the dev outbox page. */
  listOutboxMessages(options: { limit: number }): Promise<OutboxMessage[]>;
}

function toMessage(row: OutboxMessageRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    html: row.html,
    text: row.text,
    link: row.link,
    code: row.code,
    delivery: row.delivery,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Mail and SMS delivery of the embedded services. Without SMTP every mail is stored whole in
 * `outbox_messages` (the dev outbox). With SMTP the mail is sent and only a send-log row is kept
 * (recipient, subject, kind) — never the body, link or code, which are secrets once really delivered.
 */
export function createOutbox(options: CreateOutboxOptions): Outbox {
  const { db } = options;
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const from = options.from ?? "思维火花 <no-reply@localhost>";

  const devSms: SmsProvider = {
    name: "outbox",
    async send(sms) {
      const [row] = await db
        .insert(outboxMessages)
        .values({ channel: "sms", kind: sms.kind, recipient: sms.to, text: sms.body, code: sms.code ?? null })
        .returning({ id: outboxMessages.id });
      return { messageId: row!.id };
    },
  };
  const noSms: SmsProvider = {
    name: "none",
    send: () => Promise.reject(new Error("no SMS sender is configured and the dev outbox is off")),
  };
  const smsProvider = options.smsProvider ?? (options.devSms === false ? noSms : devSms);

  return {
    async sendMail(mail: OutgoingMail) {
      if (smtp) {
        await smtp.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
        await db
          .insert(outboxMessages)
          .values({ channel: "email", kind: mail.kind, recipient: mail.to, subject: mail.subject, delivery: "smtp" });
        return;
      }
      await db.insert(outboxMessages).values({
        channel: "email",
        kind: mail.kind,
        recipient: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        link: mail.link ?? null,
        code: mail.code ?? null,
      });
    },
    async sendSms(sms: OutgoingSms) {
      const result = await smsProvider.send(sms);
      if (smsProvider !== devSms) {
        await db
          .insert(outboxMessages)
          .values({ channel: "sms", kind: sms.kind, recipient: sms.to, delivery: "sms-provider" });
      }
      return result;
    },
    async listOutboxMessages({ limit }) {
      const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(limit);
      return rows.map(toMessage);
    },
  };
}
