import { isAuthApiError } from "@supabase/supabase-js";
import { getEnv } from "@/lib/env";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { TtlCache } from "@/lib/ttl-cache";
import { processSingleton } from "@/lib/process-singleton";

/**
 * Whether an API key's user may still use it: a deleted or banned user's keys stop working. Asked of
 * the auth service's admin API (embedded or hosted alike) and reused for the session checks' few
 * seconds (`SESSION_CHECK_CACHE_MS`), so a busy key costs one look-up per window, not one per call.
 */
function cache(): TtlCache<boolean> {
  return processSingleton("sparkai.api-key-user-liveness", () => new TtlCache<boolean>(getEnv().SESSION_CHECK_CACHE_MS, 10_000));
}

export class AuthServiceUnavailable extends Error {}

export async function isKeyUserActive(userId: string, now = new Date()): Promise<boolean> {
  return cache().getOrLoad(userId, async () => {
    const admin = await createSupabaseAdminClient();
    const { data, error } = await admin.auth.admin.getUserById(userId);
    if (error) {
      // A refusal (no such user) is an answer; an outage is not: fail closed without caching.
      if (isAuthApiError(error) && error.status < 500) return false;
      throw new AuthServiceUnavailable(error.message);
    }
    const bannedUntil = data.user.banned_until ? Date.parse(data.user.banned_until) : NaN;
    return !(Number.isFinite(bannedUntil) && bannedUntil > now.getTime()) && !data.user.deleted_at;
  });
}
