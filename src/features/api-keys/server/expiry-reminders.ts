import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { apiKeys, type Database } from "@/lib/db";
import { logger } from "@/lib/log/logger.mjs";
import type { KeyMailDeps } from "./key-mail-deps";
import { keyExpiryMail } from "./key-mails";

/** A key expiring within this is reminded of (once). */
export const EXPIRY_REMINDER_BEFORE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * One pass of the expiry reminders: live keys expiring within 7 days and not yet reminded are
 * claimed by setting `expiry_reminded_at` in one UPDATE (so two jobs at once, on two processes,
 * claim each key once), then mailed. A failed mail gives the claim back for the next pass.
 * Answers the mails sent.
 */
export async function sendDueKeyExpiryReminders(db: Database, deps: KeyMailDeps, now = new Date()): Promise<number> {
  const claimed = await db
    .update(apiKeys)
    .set({ expiryRemindedAt: now })
    .where(and(isNull(apiKeys.revokedAt), isNull(apiKeys.expiryRemindedAt), gt(apiKeys.expiresAt, now), lte(apiKeys.expiresAt, new Date(now.getTime() + EXPIRY_REMINDER_BEFORE_MS))))
    .returning();
  let sent = 0;
  for (const key of claimed) {
    try {
      const email = await deps.emailOf(key.userId);
      if (!email) continue;
      await deps.sendMail(keyExpiryMail({ to: email, keyName: key.name, prefix: key.prefix, expiresAt: key.expiresAt!, keysUrl: deps.keysUrl }));
      sent += 1;
    } catch (error) {
      await db.update(apiKeys).set({ expiryRemindedAt: null }).where(eq(apiKeys.id, key.id));
      logger().warn({ err: error }, "API 密钥过期提醒邮件发送失败");
    }
  }
  return sent;
}
