import "server-only";
import { lte } from "drizzle-orm";
import type { DifyProxy } from "@/features/ai-apps/server";
import { accountDeletionRequests, getDatabase, type Database } from "@/lib/db";
import { processSingleton } from "@/lib/process-singleton";
import { deleteAccountNow } from "./delete-account";
import { logger } from "@/lib/log/logger.mjs";

const EVERY_MS = 60 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 60 * 1000;

/** Accounts whose cooling-off period is over, deleted one by one (a failure leaves the row for the next run). */
export async function deleteDueAccounts(db: Database, now = new Date(), proxy?: DifyProxy): Promise<number> {
  const due = await db.select().from(accountDeletionRequests).where(lte(accountDeletionRequests.dueAt, now));
  let deleted = 0;
  for (const request of due) {
    try {
      await deleteAccountNow(db, request.userId, proxy);
      deleted += 1;
    } catch (error) {
      logger().warn({ err: error, userId: request.userId }, "账号注销任务失败");
    }
  }
  return deleted;
}

/** Hourly, once per process (server start-up). */
export function startAccountDeletionJob(): void {
  processSingleton("sparkai.personal-data.deletion-job", () => {
    const run = async () => void (await deleteDueAccounts(await getDatabase()).catch((error: unknown) => logger().warn({ err: error }, "账号注销任务失败")));
    setTimeout(() => void run(), FIRST_RUN_AFTER_MS).unref();
    setInterval(() => void run(), EVERY_MS).unref();
    return true;
  });
}
