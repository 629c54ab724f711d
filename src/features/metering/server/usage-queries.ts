import { and, desc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { addCalendarDays, calendarDate, formatCalendarDate, PRODUCT_TIME_ZONE, startOfCalendarDay } from "@/features/billing";
import { aiApps, aiUsageEvents, apiKeys, walletLedger, type Database } from "@/lib/db";
import type { AppUsage, DailyTokens, ModelUsage, UsageCall } from "../types";
import { getModelNames, modelNameKey } from "./model-names";

/**
 * Tokens per calendar day in China time (the quota's calendar, see billing/calendar.ts) for the
 * `days` days ending with today, oldest first, with days without usage filled in as zero so a
 * chart has a continuous axis.
 */
export async function getTokensByDay(db: Database, userId: string, { days = 30, now = new Date() }: { days?: number; now?: Date } = {}): Promise<DailyTokens[]> {
  const today = calendarDate(now);
  const firstDay = addCalendarDays(today, -(days - 1));
  // The zone is written into the SQL (a code constant, not input): as a bound parameter the select
  // and the group by would get different placeholders, and Postgres refuses them as different.
  const day = sql<string>`to_char(${aiUsageEvents.createdAt} at time zone ${sql.raw(`'${PRODUCT_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, tokens: sql<string>`sum(${aiUsageEvents.totalTokens})`, calls: sql<string>`count(*)` })
    .from(aiUsageEvents)
    .where(
      and(
        eq(aiUsageEvents.userId, userId),
        gte(aiUsageEvents.createdAt, startOfCalendarDay(firstDay)),
        lt(aiUsageEvents.createdAt, startOfCalendarDay(addCalendarDays(today, 1))),
      ),
    )
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, index) => {
    const date = formatCalendarDate(addCalendarDays(firstDay, index));
    const row = byDay.get(date);
    return { date, tokens: Number(row?.tokens ?? 0), calls: Number(row?.calls ?? 0) };
  });
}

/** The user's tokens and calls per app since `since` (default: all time), most tokens first. */
export async function getUsageByApp(db: Database, userId: string, { since }: { since?: Date } = {}): Promise<AppUsage[]> {
  const rows = await db
    .select({
      appid: aiUsageEvents.appid,
      appName: sql<string | null>`max(${aiApps.name})`,
      kind: sql<string>`max(${aiUsageEvents.kind})`,
      tokens: sql<string>`sum(${aiUsageEvents.totalTokens})`,
      calls: sql<string>`count(*)`,
      lastUsedAt: sql<string>`max(${aiUsageEvents.createdAt})`,
    })
    .from(aiUsageEvents)
    .leftJoin(aiApps, eq(aiApps.appid, aiUsageEvents.appid))
    .where(and(eq(aiUsageEvents.userId, userId), since ? gte(aiUsageEvents.createdAt, since) : undefined))
    .groupBy(aiUsageEvents.appid)
    .orderBy(desc(sql`sum(${aiUsageEvents.totalTokens})`), aiUsageEvents.appid);
  return rows.map((row) => ({
    appid: row.appid,
    appName: row.appName ?? row.appid,
    kind: row.kind as AppUsage["kind"],
    tokens: Number(row.tokens),
    calls: Number(row.calls),
    lastUsedAt: new Date(row.lastUsedAt).toISOString(),
  }));
}

/** The user's most recent AI calls, newest first. */
export async function getLatestCalls(db: Database, userId: string, { limit = 20 }: { limit?: number } = {}): Promise<UsageCall[]> {
  const names = await getModelNames(db);
  const rows = await db
    .select({ event: aiUsageEvents, appName: aiApps.name, apiKeyName: apiKeys.name, chargedFen: walletLedger.amountFen })
    .from(aiUsageEvents)
    .leftJoin(aiApps, eq(aiApps.appid, aiUsageEvents.appid))
    // 按量付费: the balance's charge of the call, keyed by its message / run (metering/server/ai-call-payment.ts).
    .leftJoin(walletLedger, and(eq(walletLedger.reference, sql`'usage:' || coalesce(${aiUsageEvents.messageId}, ${aiUsageEvents.workflowRunId})`), eq(walletLedger.userId, aiUsageEvents.userId)))
    // The key's user is the row's user: a key of someone else could never be joined here.
    .leftJoin(apiKeys, and(eq(apiKeys.id, aiUsageEvents.apiKeyId), eq(apiKeys.userId, aiUsageEvents.userId)))
    .where(eq(aiUsageEvents.userId, userId))
    .orderBy(desc(aiUsageEvents.createdAt), desc(aiUsageEvents.id))
    .limit(limit);
  return rows.map(({ event, appName, apiKeyName, chargedFen }) => ({
    id: event.id,
    appid: event.appid,
    appName: appName ?? event.appid,
    kind: event.kind,
    promptTokens: event.promptTokens,
    completionTokens: event.completionTokens,
    totalTokens: event.totalTokens,
    latencyMs: event.latencyMs,
    createdAt: event.createdAt.toISOString(),
    model: event.model,
    modelName: event.model ? (names.get(modelNameKey(event.appid, event.model)) ?? null) : null,
    estimated: event.estimated,
    apiKeyName: event.apiKeyId ? (apiKeyName ?? "") : null,
    costFen: chargedFen === null ? null : -Number(chargedFen),
  }));
}

/** Model apps: the user's usage per (app, model) since `since`, most tokens first. */
export async function getUsageByModel(db: Database, userId: string, { since }: { since?: Date } = {}): Promise<ModelUsage[]> {
  const names = await getModelNames(db);
  const rows = await db
    .select({
      appid: aiUsageEvents.appid,
      model: sql<string>`${aiUsageEvents.model}`,
      appName: sql<string | null>`max(${aiApps.name})`,
      tokens: sql<string>`sum(${aiUsageEvents.totalTokens})`,
      promptTokens: sql<string>`sum(${aiUsageEvents.promptTokens})`,
      completionTokens: sql<string>`sum(${aiUsageEvents.completionTokens})`,
      calls: sql<string>`count(*)`,
      estimatedCalls: sql<string>`count(*) filter (where ${aiUsageEvents.estimated})`,
    })
    .from(aiUsageEvents)
    .leftJoin(aiApps, eq(aiApps.appid, aiUsageEvents.appid))
    .where(and(eq(aiUsageEvents.userId, userId), isNotNull(aiUsageEvents.model), since ? gte(aiUsageEvents.createdAt, since) : undefined))
    .groupBy(aiUsageEvents.appid, aiUsageEvents.model)
    .orderBy(desc(sql`sum(${aiUsageEvents.totalTokens})`), aiUsageEvents.appid, aiUsageEvents.model);
  return rows.map((row) => ({
    appid: row.appid,
    appName: row.appName ?? row.appid,
    model: row.model,
    modelName: names.get(modelNameKey(row.appid, row.model)) ?? null,
    tokens: Number(row.tokens),
    promptTokens: Number(row.promptTokens),
    completionTokens: Number(row.completionTokens),
    calls: Number(row.calls),
    estimatedCalls: Number(row.estimatedCalls),
  }));
}
