import "server-only";
import { createOutbox } from "@/embedded/outbox";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { sendDueRenewalReminders } from "./renewal-reminders";
import { processSingleton } from "@/lib/process-singleton";
import { logger } from "@/lib/log/logger.mjs";

/** How often the reminders are looked for: hourly is plenty for "7 days / 1 day before". */
const EVERY_MS = 60 * 60 * 1000;
/** The first pass waits for start-up to settle (migrations, the embedded services). */
const FIRST_RUN_AFTER_MS = 60 * 1000;

/**
 * The renewal reminders' periodic job, started once per process from src/server/startup.ts. Several
 * processes may run it at once: each reminder is claimed in the database first (see
 * sendDueRenewalReminders), so it is mailed once. Mails go out the way the embedded auth's do:
 * by SMTP when SMTP_URL is set, else into the dev outbox.
 */
export function startRenewalReminderJob(): void {
  processSingleton("sparkai.billing.renewal-reminder-job", scheduleRenewalReminders);
}

function scheduleRenewalReminders(): true {
  const run = async () => {
    try {
      const env = getEnv();
      const db = await getDatabase();
      const outbox = createOutbox({ db, smtpUrl: env.SMTP_URL, from: env.SMTP_FROM });
      await sendDueRenewalReminders(db, {
        sendMail: (mail) => outbox.sendMail(mail),
        emailOf: async (userId) => {
          const admin = await createSupabaseAdminClient();
          const { data } = await admin.auth.admin.getUserById(userId);
          return data.user?.email || null;
        },
        billingUrl: `${env.SITE_URL.replace(/\/$/, "")}/dashboard/settings/billing`,
      });
    } catch (error) {
      logger().warn({ err: error }, "续费提醒任务失败");
    }
  };
  setTimeout(() => void run(), FIRST_RUN_AFTER_MS).unref();
  setInterval(() => void run(), EVERY_MS).unref();
  return true;
}
