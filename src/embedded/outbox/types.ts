export type MailKind =
  | "signup"
  | "magiclink"
  | "recovery"
  | "email_change"
  | "email_change_current"
  | "invite"
  | "reauthentication";

export type SmsKind = "sms" | "phone_change" | "reauthentication" | "mfa";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: MailKind | string;
  /** The verification link, recorded so the dev outbox can show it as a button. */
  link?: string;
  code?: string;
}

export interface OutgoingSms {
  to: string;
  body: string;
  kind: SmsKind | string;
  code?: string;
}

/** Sends an SMS; the only built-in provider is the dev outbox. */
export interface SmsProvider {
  readonly name: string;
  send(sms: OutgoingSms): Promise<{ messageId?: string }>;
}

export interface OutboxTransport {
  sendMail(mail: OutgoingMail): Promise<void>;
  sendSms(sms: OutgoingSms): Promise<{ messageId?: string }>;
}

export interface OutboxMessage {
  id: string;
  channel: "email" | "sms";
  kind: string;
  to: string;
  subject: string | null;
  html: string | null;
  text: string | null;
  link: string | null;
  code: string | null;
  delivery: "outbox" | "smtp" | "sms-provider";
  createdAt: string;
}
