import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { OutgoingMail } from "@/embedded/outbox";
import { subscriptions } from "@/lib/db";
import { testTargetKinds, useTestDatabase } from "../../../../../test/database-targets";
import { getSubscriptionSummary } from "../subscription-summary";
import { dueReminderKind, getRenewalReminder, sendDueRenewalReminders, type ReminderDeps } from "./renewal-reminders";

const DAY = 24 * 60 * 60 * 1000;

describe("dueReminderKind", () => {
  const end = new Date("2026-12-20T00:00:00Z");
  it("is due 7 days and 1 day before the end, none before or after", () => {
    expect(dueReminderKind(end, new Date(end.getTime() - 8 * DAY))).toBeNull();
    expect(dueReminderKind(end, new Date(end.getTime() - 7 * DAY))).toBe("7d");
    expect(dueReminderKind(end, new Date(end.getTime() - 2 * DAY))).toBe("7d");
    expect(dueReminderKind(end, new Date(end.getTime() - DAY))).toBe("1d");
    expect(dueReminderKind(end, end)).toBeNull();
  });
});

describe.each(testTargetKinds())("renewal reminders on %s", (kind) => {
  const database = useTestDatabase(kind);
  const end = new Date("2027-01-31T04:00:00Z");
  /** The dashboard's banner at `now`, from the summary the page builds first. */
  const bannerAt = async (userId: string, now: Date) => getRenewalReminder(database.db, userId, await getSubscriptionSummary(database.db, userId, now), now);
  async function subscriber(provider: "alipay" | "wechat_pay" | "local" | "stripe", cancelAtPeriodEnd = true): Promise<string> {
    const userId = randomUUID();
    await database.db.insert(subscriptions).values({ userId, planId: "pro", interval: "month", status: "active", currentPeriodStart: new Date(end.getTime() - 31 * DAY), currentPeriodEnd: end, cancelAtPeriodEnd, provider });
    return userId;
  }
  function recorder(fail = false) {
    const mails: OutgoingMail[] = [];
    const deps: ReminderDeps = {
      sendMail: async (mail) => {
        // A slow mail server: both concurrent passes are inside the job at once.
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (fail) throw new Error("SMTP down");
        mails.push(mail);
      },
      emailOf: async (userId) => `${userId}@example.com`,
      billingUrl: "https://spark.example/dashboard/settings/billing",
    };
    return { mails, deps };
  }

  it("mails each reminder once, even when two jobs run at once; the banner shows after the first", async () => {
    const alipay = await subscriber("alipay");
    const wechat = await subscriber("wechat_pay");
    const stripe = await subscriber("stripe", false);
    const autoRenewing = await subscriber("local", false);
    const { mails, deps } = recorder();
    const mine = (mail: OutgoingMail) => [alipay, wechat, stripe, autoRenewing].some((id) => mail.to.startsWith(id));

    const tooEarly = new Date(end.getTime() - 8 * DAY);
    await sendDueRenewalReminders(database.db, deps, tooEarly);
    expect(mails.filter(mine)).toHaveLength(0);
    expect(await bannerAt(alipay, tooEarly)).toBeNull();

    const sevenDays = new Date(end.getTime() - 6 * DAY);
    await Promise.all([sendDueRenewalReminders(database.db, deps, sevenDays), sendDueRenewalReminders(database.db, deps, sevenDays)]);
    await sendDueRenewalReminders(database.db, deps, new Date(sevenDays.getTime() + 3600_000));
    expect(mails.filter(mine).map((mail) => mail.to).sort()).toEqual([`${alipay}@example.com`, `${wechat}@example.com`].sort());
    expect(mails.find(mine)).toMatchObject({ kind: "renewal_reminder", subject: "【思维火花】专业版即将到期", link: deps.billingUrl });
    expect(mails.find(mine)!.text).toContain("专业版将于 2027-01-31 到期，续费后从到期日起顺延");
    expect(await bannerAt(alipay, sevenDays)).toEqual({ planName: "专业版", periodEnd: end.toISOString() });
    expect(await bannerAt(stripe, sevenDays)).toBeNull();

    const oneDay = new Date(end.getTime() - 12 * 3600_000);
    await Promise.all([sendDueRenewalReminders(database.db, deps, oneDay), sendDueRenewalReminders(database.db, deps, oneDay)]);
    expect(mails.filter(mine)).toHaveLength(4);
    // After the end nothing more is sent and the banner is gone.
    await sendDueRenewalReminders(database.db, deps, new Date(end.getTime() + 1));
    expect(mails.filter(mine)).toHaveLength(4);
    expect(await bannerAt(alipay, new Date(end.getTime() + 1))).toBeNull();
  });

  it("a renewal moves the end: the old period's banner goes, the new period gets its own reminders", async () => {
    const userId = await subscriber("alipay");
    const { deps } = recorder();
    const now = new Date(end.getTime() - 3 * DAY);
    await sendDueRenewalReminders(database.db, deps, now);
    expect(await bannerAt(userId, now)).not.toBeNull();
    const { eq } = await import("drizzle-orm");
    await database.db.update(subscriptions).set({ currentPeriodEnd: new Date(end.getTime() + 31 * DAY) }).where(eq(subscriptions.userId, userId));
    expect(await bannerAt(userId, now)).toBeNull();
  });

  it("a failed mail gives the reminder back for the next pass", async () => {
    const userId = await subscriber("wechat_pay");
    const now = new Date(end.getTime() - 2 * DAY);
    await sendDueRenewalReminders(database.db, recorder(true).deps, now);
    expect(await bannerAt(userId, now)).toBeNull();
    const { mails, deps } = recorder();
    await sendDueRenewalReminders(database.db, deps, now);
    expect(mails.map((mail) => mail.to)).toContain(`${userId}@example.com`);
  });
});
