import { and, desc, eq, gt, inArray, lte, or } from "drizzle-orm";
import type { OutgoingMail } from "@/embedded/outbox";
import { renewalReminders, subscriptions, type Database, type Subscription } from "@/lib/db";
import type { SubscriptionSummary } from "../../types";
import { providersWith } from "../../payment-providers";
import { getPlanCatalog } from "../plan-catalog";
import { renewalReminderMail } from "./reminder-mail";
import { logger } from "@/lib/log/logger.mjs";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The reminders before a one-off period ends: 7 days and 1 day before; the later one wins once due. */
export const REMINDER_KINDS = [
  { kind: "1d", before: DAY_MS },
  { kind: "7d", before: 7 * DAY_MS },
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number]["kind"];

export type ReminderDeps = {
  sendMail: (mail: OutgoingMail) => Promise<void>;
  /** The user's e-mail address, or null (a phone-only account gets the dashboard banner only). */
  emailOf: (userId: string) => Promise<string | null>;
  /** Where 续费 is (the billing page), for the mail's link. */
  billingUrl: string;
};

/** Which reminder is due for a period ending at `end`, as of `now` (null: none yet, or it has ended). */
export function dueReminderKind(end: Date, now: Date): ReminderKind | null {
  const left = end.getTime() - now.getTime();
  if (left <= 0) return null;
  return REMINDER_KINDS.find((reminder) => left <= reminder.before)?.kind ?? null;
}

/**
 * Periods that end by themselves: Alipay and 微信支付 purchases, and a test-checkout plan whose
 * renewal was canceled. A Stripe subscription (or an auto-renewing test plan) needs no reminder.
 */
function endingPeriods(db: Database, now: Date): Promise<Subscription[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, new Date(now.getTime() + 7 * DAY_MS)),
        // A one-off period that simply ends (支付宝 / 微信支付), or a test-checkout one set to end.
        or(inArray(subscriptions.provider, providersWith({ recurring: false, periodChanges: false })), and(inArray(subscriptions.provider, providersWith({ recurring: false, periodChanges: true })), eq(subscriptions.cancelAtPeriodEnd, true))),
      ),
    )
    .limit(500);
}

/**
 * One pass of the renewal reminders: for each period ending within 7 days, the due reminder is
 * claimed by inserting its row (unique per user, period end and kind; ON CONFLICT DO NOTHING), and
 * only the process whose insert won sends the mail — so two jobs at once (two processes on one
 * database) send it once. A failed mail gives the claim back for the next pass. Answers the
 * reminders claimed.
 */
export async function sendDueRenewalReminders(db: Database, deps: ReminderDeps, now = new Date()): Promise<number> {
  let sent = 0;
  const catalog = await getPlanCatalog(db);
  for (const row of await endingPeriods(db, now)) {
    const end = row.currentPeriodEnd!;
    const kind = dueReminderKind(end, now);
    if (!kind) continue;
    const [claimed] = await db
      .insert(renewalReminders)
      .values({ userId: row.userId, periodEnd: end, kind, planId: row.planId, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: renewalReminders.id });
    if (!claimed) continue;
    sent += 1;
    try {
      const email = await deps.emailOf(row.userId);
      if (email) await deps.sendMail(renewalReminderMail({ to: email, planName: catalog.orFree(row.planId).name, periodEnd: end, billingUrl: deps.billingUrl }));
    } catch (error) {
      await db.delete(renewalReminders).where(eq(renewalReminders.id, claimed.id));
      sent -= 1;
      logger().warn({ err: error }, "续费提醒邮件发送失败");
    }
  }
  return sent;
}

export type RenewalReminderView = { planName: string; periodEnd: string };

/**
 * The dashboard banner: shown once a reminder was sent for the plan's current period and until it
 * ends (a renewal moves the end, so the banner goes away with it). From the summary the page has
 * already built: without an active period (every free user) there is nothing to read.
 */
export async function getRenewalReminder(
  db: Database,
  userId: string,
  summary: Pick<SubscriptionSummary, "status" | "currentPeriodEnd" | "plan">,
  now = new Date(),
): Promise<RenewalReminderView | null> {
  if (summary.status !== "active" || !summary.currentPeriodEnd) return null;
  const periodEnd = new Date(summary.currentPeriodEnd);
  if (periodEnd <= now) return null;
  const [reminder] = await db
    .select({ id: renewalReminders.id })
    .from(renewalReminders)
    .where(and(eq(renewalReminders.userId, userId), eq(renewalReminders.periodEnd, periodEnd)))
    .orderBy(desc(renewalReminders.sentAt))
    .limit(1);
  return reminder ? { planName: summary.plan.name, periodEnd: summary.currentPeriodEnd } : null;
}
