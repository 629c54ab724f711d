import { sql } from "drizzle-orm";
import { authSmsDailyCounts } from "@/lib/db";
import { SmsGatewayError } from "@/embedded/outbox/sms/sms-gateway-error";
import type { OutgoingSms } from "@/embedded/outbox/types";
import { assertCaptcha } from "./captcha";
import type { AuthConfig } from "./config";
import type { AuthDeps } from "./context";
import { apiError, AuthApiError } from "./errors";
import { emitAuthMetric } from "./metrics-hook";

/** Who asks for a text, for the limits and the human check. */
export interface SmsRequester {
  ip: string;
  /** GoTrue's `gotrue_meta_security.captcha_token`, when the request carried one. */
  captchaToken?: string;
  /**
   * A signed-in user (phone change, reauthentication): no human check, as GoTrue asks for none
   * there and supabase-js's updateUser / reauthenticate cannot send a token. The limits still apply.
   */
  signedIn?: boolean;
}

/**
 * Every SMS the auth service sends goes through here: the country allow-list, the limits per
 * number, per IP and per number block (in memory, like GoTrue's, or shared on PostgreSQL), a human
 * check once an IP or block has had a few, then the global daily budget (in the database, so a
 * restart cannot refill it), then the sender. Each SMS costs money once a real sender is
 * configured: SMS pumping must stop here whatever route asked for the text.
 */
export async function deliverSms(
  deps: AuthDeps,
  sms: OutgoingSms,
  requester: SmsRequester,
  /** Runs once everything allows the send, before it (creating the account, storing the code). */
  beforeSend?: () => Promise<void>,
): Promise<{ messageId?: string }> {
  try {
    const sent = await limitAndSend(deps, sms, requester, beforeSend);
    emitAuthMetric({ kind: "sms_sent" });
    return sent;
  } catch (error) {
    emitAuthMetric({ kind: "sms_refused", reason: error instanceof AuthApiError ? error.code : "error" });
    throw error;
  }
}

async function limitAndSend(deps: AuthDeps, sms: OutgoingSms, requester: SmsRequester, beforeSend?: () => Promise<void>): Promise<{ messageId?: string }> {
  const { ip } = requester;
  const phone = sms.to.replace(/^\+/, "");
  await assertSmsAllowed(deps, ip, phone);
  if (!requester.signedIn && (await needsHumanCheck(deps, ip, phone))) await assertCaptcha(deps.captcha, requester.captchaToken, ip);
  await deps.limiter.hit("sms", smsLimitKeys(ip, phone));
  await deps.limiter.hit("smsPrefix", [numberBlockKey(phone)]);
  await spendDailySms(deps);
  await deps.limiter.count("smsCaptchaIp", [`ip:${ip}`]);
  await deps.limiter.count("smsCaptchaPrefix", [numberBlockKey(phone)]);
  await beforeSend?.();
  return deps.outbox.sendSms(sms).catch((error: unknown) => {
    // The gateway's own refusals keep their meaning: its per-number flow control is a rate limit,
    // a number it cannot reach is a bad number. Anything else is GoTrue's answer when the SMS
    // provider fails (or none is configured); the cause (in Chinese for the gateways) goes to the log.
    console.error(`[embedded-auth] SMS to ${sms.to} failed:`, error instanceof SmsGatewayError ? `${error.provider} ${error.code} ${error.message}` : error);
    if (error instanceof SmsGatewayError && error.reason === "rate_limited") throw apiError(429, "over_sms_send_rate_limit", "SMS rate limit exceeded");
    if (error instanceof SmsGatewayError && error.reason === "invalid_phone") throw apiError(400, "validation_failed", "Invalid phone number format (E.164 required)");
    throw apiError(500, "sms_send_failed", "Error sending SMS OTP");
  });
}

export const smsLimitKeys = (ip: string, phone: string) => [`ip:${ip}`, `phone:${phone.replace(/^\+/, "")}`];

/**
 * The number without its last 4 digits: the block of 10 000 numbers carriers hand out and SMS
 * pumpers rent (for a mainland mobile, 86 and its first 7 digits).
 */
export const numberBlockKey = (phone: string) => {
  const digits = phone.replace(/^\+/, "");
  return `block:${digits.length > 6 ? digits.slice(0, -4) : digits}`;
};

/** 422 when `phone` (E.164 digits) is outside the countries SMS may go to. */
export function assertSmsCountry(config: AuthConfig, phone: string): void {
  const digits = phone.replace(/^\+/, "");
  // Country calling codes are prefix-free, so "starts with" is exact.
  if (!config.smsAllowedCountries.some((code) => digits.startsWith(code))) {
    throw apiError(422, "sms_country_not_allowed", "Sending SMS to this country or region is not allowed");
  }
}

/**
 * 422 for a number outside the allowed countries, 429 when this IP, number or number block has no
 * SMS left: a look before acting, so a refused request stores nothing.
 */
export async function assertSmsAllowed(deps: AuthDeps, ip: string, phone: string): Promise<void> {
  assertSmsCountry(deps.config, phone);
  await deps.limiter.check("sms", smsLimitKeys(ip, phone));
  await deps.limiter.check("smsPrefix", [numberBlockKey(phone)]);
}

/** Past a few texts from one IP or to one number block, each further one needs a captcha. */
async function needsHumanCheck(deps: AuthDeps, ip: string, phone: string): Promise<boolean> {
  return (await deps.limiter.reached("smsCaptchaIp", [`ip:${ip}`])) || (await deps.limiter.reached("smsCaptchaPrefix", [numberBlockKey(phone)]));
}

/** Counts one SMS against today's (UTC) budget; 429 `over_sms_send_rate_limit` once it is spent. */
async function spendDailySms(deps: AuthDeps): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  const [row] = await deps.db
    .insert(authSmsDailyCounts)
    .values({ day, count: 1 })
    .onConflictDoUpdate({ target: authSmsDailyCounts.day, set: { count: sql`${authSmsDailyCounts.count} + 1` } })
    .returning({ count: authSmsDailyCounts.count });
  if (row!.count > deps.config.smsDailyLimit) {
    throw apiError(429, "over_sms_send_rate_limit", "SMS rate limit exceeded");
  }
}
