import { eq } from "drizzle-orm";
import { authUsers, type AuthUserRow } from "@/lib/db";
import { LOOPBACK_HOSTNAMES } from "@/lib/site-origin";
import type { MailKind } from "@/embedded/outbox/types";
import type { AuthDeps } from "./context";
import { apiError } from "./errors";
import { renderMail, renderSms } from "./mail-templates";
import { deliverSms, type SmsRequester } from "./sms-budget";
import { createFlowState, generateOtp, storeToken, tokenHash, type PkceRequest, type TokenType } from "./one-time-tokens";

type SentAtColumn = "confirmationSentAt" | "recoverySentAt" | "emailChangeSentAt" | "phoneChangeSentAt" | "reauthenticationSentAt" | "invitedAt";

const MAIL_TOKENS: Record<MailKind, { type: TokenType; sentAt: SentAtColumn; authMethod: string }> = {
  signup: { type: "confirmation_token", sentAt: "confirmationSentAt", authMethod: "email/signup" },
  invite: { type: "confirmation_token", sentAt: "invitedAt", authMethod: "invite" },
  magiclink: { type: "recovery_token", sentAt: "recoverySentAt", authMethod: "magiclink" },
  recovery: { type: "recovery_token", sentAt: "recoverySentAt", authMethod: "recovery" },
  email_change: { type: "email_change_token_new", sentAt: "emailChangeSentAt", authMethod: "email_change" },
  email_change_current: { type: "email_change_token_current", sentAt: "emailChangeSentAt", authMethod: "email_change" },
  reauthentication: { type: "reauthentication_token", sentAt: "reauthenticationSentAt", authMethod: "reauthentication" },
};

const MAIL_LABELS: Record<MailKind, string> = {
  signup: "confirmation",
  invite: "invite",
  magiclink: "magic link",
  recovery: "recovery",
  email_change: "email change",
  email_change_current: "email change",
  reauthentication: "reauthentication",
};

/** GoTrue's per-user gap between two mails / SMS of the same kind. */
function assertFrequency(deps: AuthDeps, sentAt: Date | null, code: "over_email_send_rate_limit" | "over_sms_send_rate_limit") {
  const gap = deps.config.minMailIntervalSeconds * 1000;
  if (!sentAt || gap === 0) return;
  const waitMs = sentAt.getTime() + gap - Date.now();
  if (waitMs > 0) {
    throw apiError(429, code, `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`);
  }
}

export interface EmailToken {
  otp: string;
  hashedToken: string;
  link: string;
}

/** Creates the token (and PKCE flow state) for a mail and builds its link; does not send. */
export async function prepareEmailToken(
  deps: AuthDeps,
  options: { user: AuthUserRow; kind: MailKind; email: string; redirectTo: string; pkce?: PkceRequest; linkType?: string },
): Promise<EmailToken> {
  const { user, kind, email, redirectTo, pkce } = options;
  const spec = MAIL_TOKENS[kind];
  const otp = generateOtp(deps.config.otpLength);
  const hash = tokenHash(email, otp);
  const hashedToken = pkce ? `pkce_${hash}` : hash;
  if (pkce) {
    await createFlowState(deps.db, { ...pkce, userId: user.id, providerType: "email", authenticationMethod: spec.authMethod });
  }
  await storeToken(deps.db, user.id, spec.type, hashedToken, email);
  const type = options.linkType ?? (kind === "email_change_current" ? "email_change" : kind);
  const link = `${linkBase(deps, redirectTo)}/verify?token=${hashedToken}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
  return { otp, hashedToken, link };
}

/** Where mail links point: this service's URL, or in development the loopback origin the user came from. */
function linkBase(deps: AuthDeps, redirectTo: string): string {
  if (!deps.config.linksFollowRedirectOrigin) return deps.externalUrl;
  try {
    const target = new URL(redirectTo);
    if (LOOPBACK_HOSTNAMES.has(target.hostname)) return `${target.origin}/auth/v1`;
  } catch {
    // not a URL: the service's own address
  }
  return deps.externalUrl;
}

/** Sends a verification mail (link + code), honouring the per-user frequency limit. */
export async function sendEmailToken(
  deps: AuthDeps,
  options: { user: AuthUserRow; kind: MailKind; email: string; redirectTo: string; pkce?: PkceRequest; skipFrequency?: boolean },
): Promise<void> {
  const spec = MAIL_TOKENS[options.kind];
  if (!options.skipFrequency) assertFrequency(deps, options.user[spec.sentAt], "over_email_send_rate_limit");
  const token = await prepareEmailToken(deps, options);
  const expiresInMinutes = Math.round(deps.config.otpExpirySeconds / 60);
  const link = options.kind === "reauthentication" ? undefined : token.link;
  const mail = renderMail(options.kind, { link, code: token.otp, expiresInMinutes });
  await deps.outbox.sendMail({ to: options.email, ...mail, kind: options.kind, link, code: token.otp }).catch((error: unknown) => {
    // GoTrue's answer when the mail server refuses: the cause goes to the log, not to the client.
    console.error(`[embedded-auth] mail to ${options.email} failed`, error);
    throw apiError(500, "unexpected_failure", `Error sending ${MAIL_LABELS[options.kind]} email`);
  });
  const now = new Date();
  const sentAt: Partial<Record<SentAtColumn, Date>> = { [spec.sentAt]: now };
  if (options.kind === "invite") sentAt.confirmationSentAt = now;
  await deps.db.update(authUsers).set(sentAt).where(eq(authUsers.id, options.user.id));
}

const SMS_TOKENS = {
  sms: { type: "confirmation_token", sentAt: "confirmationSentAt" },
  phone_change: { type: "phone_change_token", sentAt: "phoneChangeSentAt" },
  reauthentication: { type: "reauthentication_token", sentAt: "reauthenticationSentAt" },
} as const satisfies Record<string, { type: TokenType; sentAt: SentAtColumn }>;

/** Sends an SMS code (phone confirmation, phone change, reauthentication). */
export async function sendSmsToken(
  deps: AuthDeps,
  options: {
    /**
     * The account the code is for, or how to create it: then it is created only once the limits,
     * the human check and the daily budget allow the text, and removed again if the send fails, so
     * a refused or failed send leaves no account behind.
     */
    user: AuthUserRow | (() => Promise<AuthUserRow>);
    kind: keyof typeof SMS_TOKENS;
    phone: string;
    /** Who asks (SMS limits count per IP as well as per number; the human check reads the token). */
    requester: SmsRequester;
  },
): Promise<{ messageId?: string; user: AuthUserRow }> {
  const spec = SMS_TOKENS[options.kind];
  const create = typeof options.user === "function" ? options.user : undefined;
  let user = typeof options.user === "function" ? undefined : options.user;
  if (user) assertFrequency(deps, user[spec.sentAt], "over_sms_send_rate_limit");
  const otp = generateOtp(deps.config.otpLength);
  const body = renderSms(options.kind, otp, Math.round(deps.config.smsOtpExpirySeconds / 60));
  const sms = { to: `+${options.phone}`, body, kind: options.kind, code: otp };
  // Limits first: a refused send must not replace the code the user already holds.
  let created: AuthUserRow | undefined;
  const result = await deliverSms(deps, sms, options.requester, async () => {
    if (!user) user = created = await create!();
    await storeToken(deps.db, user.id, spec.type, tokenHash(options.phone, otp), options.phone);
  }).catch(async (error: unknown) => {
    if (created) await removeUnsentAccount(deps, created.id);
    throw error;
  });
  await deps.db.update(authUsers).set({ [spec.sentAt]: new Date() }).where(eq(authUsers.id, user!.id));
  return { ...result, user: user! };
}

/** Takes back an account made for a text that never went out. */
async function removeUnsentAccount(deps: AuthDeps, userId: string): Promise<void> {
  // One statement, so one transaction: its identity and code go with it (foreign keys cascade).
  await deps.db.delete(authUsers).where(eq(authUsers.id, userId));
}
