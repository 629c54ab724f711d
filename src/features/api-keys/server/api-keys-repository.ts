import { and, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { startOfMonth } from "@/features/billing";
import { aiUsageEvents, apiKeys, type ApiKeyRow, type Database } from "@/lib/db";
import { MAX_API_KEYS, type ApiKeySummary, type CreateApiKeyInput } from "../schemas";
import { canonicalAllowList } from "./key-lockdown";
import { apiKeyPrefix, generateApiKeySecret, hashApiKeySecret } from "./secret";

export class ApiKeyLimitError extends Error {}

export function summaryOf(row: ApiKeyRow, monthTokens: number): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    allowedApps: row.allowedApps ?? null,
    monthlyTokenCap: row.monthlyTokenCap,
    allowedIps: row.allowedIps ?? null,
    requestsPerMinute: row.requestsPerMinute,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    monthTokens,
  };
}

/** Creates a key; the secret is in the answer only (it is stored as a hash). */
export async function createApiKey(db: Database, userId: string, input: CreateApiKeyInput): Promise<{ key: ApiKeySummary; secret: string }> {
  const [held] = await db.select({ value: count() }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  if ((held?.value ?? 0) >= MAX_API_KEYS) throw new ApiKeyLimitError(`最多可以同时持有 ${MAX_API_KEYS} 个 API 密钥，请先撤销不用的密钥`);
  const secret = generateApiKeySecret();
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId,
      name: input.name,
      prefix: apiKeyPrefix(secret),
      secretHash: hashApiKeySecret(secret),
      allowedApps: input.allowedApps ? [...new Set(input.allowedApps)] : null,
      monthlyTokenCap: input.monthlyTokenCap ?? null,
      allowedIps: canonicalAllowList(input.allowedIps),
      requestsPerMinute: input.requestsPerMinute ?? null,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    })
    .returning();
  return { key: summaryOf(row!, 0), secret };
}

/** The user's keys that are not revoked, newest first, with this month's tokens of each. */
export async function listApiKeys(db: Database, userId: string, now = new Date()): Promise<ApiKeySummary[]> {
  const monthTokens = sql<string>`coalesce(sum(${aiUsageEvents.totalTokens}), 0)`;
  const rows = await db
    .select({ key: apiKeys, monthTokens })
    .from(apiKeys)
    .leftJoin(aiUsageEvents, and(eq(aiUsageEvents.apiKeyId, apiKeys.id), eq(aiUsageEvents.userId, userId), gte(aiUsageEvents.createdAt, startOfMonth(now))))
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .groupBy(apiKeys.id)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => summaryOf(row.key, Number(row.monthTokens)));
}

/** Revokes one of the user's keys at once; false when it is not theirs or already revoked. */
export async function revokeApiKey(db: Database, userId: string, id: string): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

/** The live key with this secret (not revoked, not expired), or undefined. */
export async function findLiveApiKey(db: Database, secret: string, now = new Date()): Promise<ApiKeyRow | undefined> {
  if (!/^sk-[A-Za-z0-9_-]{40}$/.test(secret)) return undefined;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, hashApiKeySecret(secret)), isNull(apiKeys.revokedAt)));
  if (!row || (row.expiresAt && row.expiresAt.getTime() <= now.getTime())) return undefined;
  return row;
}

/** Tokens spent with one key this month (the plan's calendar), for its monthly cap. */
export async function apiKeyTokensThisMonth(db: Database, keyId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${aiUsageEvents.totalTokens}), 0)` })
    .from(aiUsageEvents)
    .where(and(eq(aiUsageEvents.apiKeyId, keyId), gte(aiUsageEvents.createdAt, startOfMonth(now))));
  return Number(row?.total ?? 0);
}
