import "server-only";
import type { DifyProxy } from "@/features/ai-apps/server";
import { getAiProxy } from "@/features/ai-call/server";
import { ApiRouteError } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { appRateLimitStore } from "@/lib/rate-limit";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { buildPersonalDataZip, personalDataFileName } from "./archive";
import { collectPersonalData } from "./collect";

/** Each export reads every conversation upstream: a few an hour are plenty for a person. */
const EXPORTS_PER_HOUR = 5;

/** The ZIP of 下载我的数据 for `userId`, who the route resolved from the session (never from the request). */
export async function exportPersonalData(userId: string, proxy: DifyProxy = getAiProxy()): Promise<{ fileName: string; bytes: Uint8Array }> {
  const db = await getDatabase();
  const [exports = 0] = await appRateLimitStore(db).increment([`personal-data-export:${userId}`], 3_600_000);
  if (exports > EXPORTS_PER_HOUR) throw new ApiRouteError(429, "导出太频繁，请一小时后再试");
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.getUserById(userId);
  if (error || !data.user) throw new ApiRouteError(404, "账号不存在");
  const user = data.user;
  const collected = await collectPersonalData(db, proxy, { id: userId, email: user.email ?? null, phone: user.phone ?? null, createdAt: user.created_at });
  const now = new Date(collected.exportedAt);
  return { fileName: personalDataFileName(now), bytes: buildPersonalDataZip(collected) };
}
