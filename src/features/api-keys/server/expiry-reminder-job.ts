import "server-only";
import { getDatabase } from "@/lib/db";
import { logger } from "@/lib/log/logger.mjs";
import { processSingleton } from "@/lib/process-singleton";
import { sendDueKeyExpiryReminders } from "./expiry-reminders";
import { keyMailDeps } from "./key-mail-deps";

/** Hourly is plenty for "7 days before"; the first pass waits for start-up to settle. */
const EVERY_MS = 60 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 90 * 1000;

/** The API keys' expiry reminders, started once per process from src/server/startup.ts (beside the renewal reminders). */
export function startApiKeyExpiryReminderJob(): void {
  processSingleton("sparkai.api-keys.expiry-reminder-job", () => {
    const run = async () => {
      try {
        const db = await getDatabase();
        await sendDueKeyExpiryReminders(db, keyMailDeps(db));
      } catch (error) {
        logger().warn({ err: error }, "API 密钥过期提醒任务失败");
      }
    };
    setTimeout(() => void run(), FIRST_RUN_AFTER_MS).unref();
    setInterval(() => void run(), EVERY_MS).unref();
    return true;
  });
}
