import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { aiApps, aiUsageEvents, apiCallLogs, apiKeys, walletLedger, type Database } from "@/lib/db";
import type { CallLogFilters } from "../filters";
import type { CallLogEntry } from "../types";

const DAY_MS = 86_400_000;
/** China-time days, `to` included: [from 00:00, to + 1 day 00:00) in +08:00, as the usage pages count. */
const chinaDay = (value: string) => new Date(`${value}T00:00:00+08:00`);


const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The conditions of the filters, always within `userId`'s own rows (another user's key id finds nothing). */
function conditions(userId: string, filters: CallLogFilters): SQL | undefined {
  const status =
    filters.status === "ok" ? lt(apiCallLogs.status, 400) : filters.status === "failed" ? gte(apiCallLogs.status, 400) : filters.status ? eq(apiCallLogs.status, Number(filters.status)) : undefined;
  const model = filters.model ? `%${escapeLike(filters.model)}%` : undefined;
  return and(
    eq(apiCallLogs.userId, userId),
    filters.key ? eq(apiCallLogs.apiKeyId, filters.key) : undefined,
    model ? or(ilike(apiCallLogs.model, model), ilike(apiCallLogs.appid, model)) : undefined,
    status,
    filters.from ? gte(apiCallLogs.createdAt, chinaDay(filters.from)) : undefined,
    filters.to ? lt(apiCallLogs.createdAt, new Date(chinaDay(filters.to).getTime() + DAY_MS)) : undefined,
  );
}

/**
 * The user's `/v1` calls matching `filters`, newest first, `limit` at a time; `before` (the last
 * entry of the previous page) pages on by (time, id), so a long export never uses OFFSET.
 */
export async function listCallLogs(db: Database, userId: string, filters: CallLogFilters, { limit = 100, before }: { limit?: number; before?: { createdAt: Date; id: string } } = {}): Promise<CallLogEntry[]> {
  const rows = await db
    .select({
      log: apiCallLogs,
      keyName: apiKeys.name,
      keyPrefix: apiKeys.prefix,
      appName: aiApps.name,
      promptTokens: aiUsageEvents.promptTokens,
      completionTokens: aiUsageEvents.completionTokens,
      totalTokens: aiUsageEvents.totalTokens,
      chargedFen: walletLedger.amountFen,
    })
    .from(apiCallLogs)
    // Every join is also on the row's user: nothing of another user can ever be joined in.
    .leftJoin(apiKeys, and(eq(apiKeys.id, apiCallLogs.apiKeyId), eq(apiKeys.userId, apiCallLogs.userId)))
    .leftJoin(aiApps, eq(aiApps.appid, apiCallLogs.appid))
    .leftJoin(aiUsageEvents, and(eq(aiUsageEvents.requestId, apiCallLogs.requestId), eq(aiUsageEvents.userId, apiCallLogs.userId), eq(aiUsageEvents.apiKeyId, apiCallLogs.apiKeyId)))
    // 按量付费: the balance's charge of the call, keyed by its usage row (metering/server/ai-call-payment.ts).
    .leftJoin(walletLedger, and(eq(walletLedger.reference, sql`'usage:' || coalesce(${aiUsageEvents.messageId}, ${aiUsageEvents.workflowRunId})`), eq(walletLedger.userId, apiCallLogs.userId)))
    .where(and(conditions(userId, filters), before ? sql`(${apiCallLogs.createdAt}, ${apiCallLogs.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)` : undefined))
    .orderBy(desc(apiCallLogs.createdAt), desc(apiCallLogs.id))
    .limit(limit);
  return rows.map(({ log, keyName, keyPrefix, appName, promptTokens, completionTokens, totalTokens, chargedFen }) => ({
    id: log.id,
    createdAt: log.createdAt.toISOString(),
    keyId: log.apiKeyId,
    keyName: keyName ?? "",
    keyPrefix: keyPrefix ?? "",
    endpoint: log.endpoint,
    model: log.model,
    appid: log.appid,
    appName: appName ?? log.appid,
    status: log.status,
    errorCode: log.errorCode,
    promptTokens,
    completionTokens,
    totalTokens,
    costFen: chargedFen === null ? null : -Number(chargedFen),
    durationMs: log.durationMs,
    requestId: log.requestId,
  }));
}
