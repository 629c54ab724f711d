import "server-only";
import { lt } from "drizzle-orm";
import { aiUsageEvents, apiCallLogs, authAuditLog, getDatabase, type Database } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { logger } from "@/lib/log/logger.mjs";

const DAY_MS = 86_400_000;
const EVERY_MS = 60 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 2 * 60 * 1000;

/**
 * 网络安全法 asks network logs be kept at least six months; PIPL asks nothing be kept longer than
 * needed. AI-call records (`ai_usage_events`), the API keys' 调用日志 (`api_call_logs`) and sign-in records (the auth audit log) older than
 * `days` are deleted. The usage rollups follow through their triggers (migration 0024), so a purged
 * month's figures leave the usage report with the rows they were counted from.
 */
export async function purgeExpiredLogs(db: Database, days: number, now = new Date()): Promise<{ aiCalls: number; apiCalls: number; signIns: number }> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const aiCalls = await db.delete(aiUsageEvents).where(lt(aiUsageEvents.createdAt, cutoff)).returning({ id: aiUsageEvents.id });
  const apiCalls = await db.delete(apiCallLogs).where(lt(apiCallLogs.createdAt, cutoff)).returning({ id: apiCallLogs.id });
  const signIns = await db.delete(authAuditLog).where(lt(authAuditLog.createdAt, cutoff)).returning({ id: authAuditLog.id });
  return { aiCalls: aiCalls.length, apiCalls: apiCalls.length, signIns: signIns.length };
}

/** Hourly, once per process (server start-up), with LOG_RETENTION_DAYS. */
export function startLogRetentionJob(): void {
  processSingleton("sparkai.log-retention.purge-job", () => {
    const run = async () => {
      try {
        await purgeExpiredLogs(await getDatabase(), getEnv().LOG_RETENTION_DAYS);
      } catch (error) {
        logger().warn({ err: error }, "日志清理任务失败");
      }
    };
    setTimeout(() => void run(), FIRST_RUN_AFTER_MS).unref();
    setInterval(() => void run(), EVERY_MS).unref();
    return true;
  });
}
