import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { noteApiCallKey } from "@/features/api-call-logs/server";
import { findLiveApiKey, ipAllowed, keyMailDeps, noticeNewNetwork } from "@/features/api-keys/server";
import { apiRequestsPerMinuteCeiling } from "@/features/billing/server";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { apiKeys, type ApiKeyRow, type Database } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { appRateLimitStore } from "@/lib/rate-limit";
import { banEndText, SAFETY_COPY } from "@/features/content-safety";
import { AuthServiceUnavailable, keyUserStanding } from "./key-user-liveness";
import { API_MESSAGES, openAiError } from "./openai-errors";

const BEARER = /^Bearer\s+(\S+)\s*$/i;
/** `last_used_at` is written at most this often per key: a busy key should not cost a write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;

function rateLimit(): { max: number; windowMs: number } {
  const [max, seconds] = getEnv().API_KEY_RATE_LIMIT.split("/").map(Number);
  return { max: max!, windowMs: seconds! * 1000 };
}

/**
 * The key a `/v1` request carries (`Authorization: Bearer sk-…`) when it may be used now: live (not
 * revoked or expired), its user active, called from an address its IP allow-list admits, and within
 * both per-key limits (the operator's API_KEY_RATE_LIMIT and the key's own requests per minute, at
 * most its plan's ceiling). Otherwise the OpenAI error to answer. The address is the one the HTTP
 * server decided (TRUSTED_PROXIES-aware, `visitorIp`), never a client's own X-Forwarded-For.
 */
export async function authenticateApiKey(request: Request, db: Database): Promise<ApiKeyRow | Response> {
  const secret = BEARER.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!secret) return openAiError(401, "invalid_api_key", API_MESSAGES.missingKey);
  const key = await findLiveApiKey(db, secret);
  if (!key) return openAiError(401, "invalid_api_key", API_MESSAGES.invalidKey);
  // From here the call is the key's: its 调用日志 shows it, refusals included.
  noteApiCallKey(key);
  try {
    const standing = await keyUserStanding(key.userId);
    // A banned user is told why and until when (as on the chat page); a deleted one's key is just invalid.
    if (!standing.active && standing.bannedUntil) return openAiError(403, "user_banned", SAFETY_COPY.banned(banEndText(standing.bannedUntil)));
    if (!standing.active) return openAiError(401, "invalid_api_key", API_MESSAGES.userInactive);
  } catch (error) {
    if (!(error instanceof AuthServiceUnavailable)) throw error;
    return openAiError(503, "server_error", API_MESSAGES.unavailable);
  }
  const address = visitorIp(request.headers);
  if (key.allowedIps && !ipAllowed(key.allowedIps, address)) return openAiError(403, "permission_denied", API_MESSAGES.ipNotAllowed(address ?? "未知"));
  const { max, windowMs } = rateLimit();
  const [count = 0] = await appRateLimitStore(db).increment([`api-key:${key.id}`], windowMs);
  if (count > max) return openAiError(429, "rate_limit_exceeded", API_MESSAGES.rateLimited, { headers: { "Retry-After": String(Math.ceil(windowMs / 1000)) } });
  // The key's own limit, never above its plan's ceiling (a downgrade lowers it at once).
  const { ceiling } = await apiRequestsPerMinuteCeiling(db, key.userId);
  const perMinute = Math.min(key.requestsPerMinute ?? ceiling, ceiling);
  const [minuteCount = 0] = await appRateLimitStore(db).increment([`api-key-rpm:${key.id}`], 60_000);
  if (minuteCount > perMinute) return openAiError(429, "rate_limit_exceeded", API_MESSAGES.keyRateLimited(perMinute), { headers: { "Retry-After": "60" } });
  noticeNewNetwork(db, key, address, () => keyMailDeps(db));
  void markUsed(db, key).catch((error: unknown) => console.error("[developer-api] last_used_at", error));
  return key;
}

async function markUsed(db: Database, key: ApiKeyRow): Promise<void> {
  if (key.lastUsedAt && Date.now() - key.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
}
