import { sql } from "drizzle-orm";
import { authSmsDailyCounts } from "@/lib/db";
import { SmsGatewayError } from "@/embedded/outbox/sms/sms-gateway-error";
import type { OutgoingSms } from "@/embedded/outbox/types";
import type { AuthDeps } from "./context";
import { apiError } from "./errors";

/**
 * Every SMS the auth service sends goes through here: the per-number and per-IP limit (in memory,
 * like GoTrue's), then the global daily budget (in the database, so a restart cannot refill it),
 * then the sender. Each SMS costs money once a real sender is configured: SMS pumping must stop here
 * whatever route asked for the text.
 */
export async function deliverSms(
  deps: AuthDeps,
  sms: OutgoingSms,
  ip: string,
  /** Runs once the limits allow the send, before it (e.g. storing the code the text carries). */
  beforeSend?: () => Promise<void>,
): Promise<{ messageId?: string }> {
  await deps.limiter.hit("sms", smsLimitKeys(ip, sms.to));
  await spendDailySms(deps);
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

/** 429 when this IP or number has no SMS left, so a flood stops before it creates accounts. */
export async function assertSmsAllowed(deps: AuthDeps, ip: string, phone: string): Promise<void> {
  await deps.limiter.check("sms", smsLimitKeys(ip, phone));
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
