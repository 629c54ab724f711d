import { isAuthApiError } from "@supabase/supabase-js";
import { getEnv } from "@/lib/env";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { TtlCache } from "@/lib/ttl-cache";
import { processSingleton } from "@/lib/process-singleton";
import { activeBanEnd } from "@/lib/supabase/ban";

/**
 * Whether an API key's user may still use it: a deleted or banned user's keys stop working. Asked of
 * the auth service's admin API (embedded or hosted alike) and reused for the session checks' few
 * seconds (`SESSION_CHECK_CACHE_MS`), so a busy key costs one look-up per window, not one per call.
 */
/** Whether the key's user may call now; a banned one is told until when (ISO time). */
export type KeyUserStanding = { active: true } | { active: false; bannedUntil?: string };

function cache(): TtlCache<KeyUserStanding> {
  return processSingleton("sparkai.api-key-user-standing", () => new TtlCache<KeyUserStanding>(getEnv().SESSION_CHECK_CACHE_MS, 10_000));
}

export class AuthServiceUnavailable extends Error {}

export async function keyUserStanding(userId: string, now = new Date()): Promise<KeyUserStanding> {
  return cache().getOrLoad(userId, async () => {
    const admin = await createSupabaseAdminClient();
    const { data, error } = await admin.auth.admin.getUserById(userId);
    if (error) {
      // A refusal (no such user) is an answer; an outage is not: fail closed without caching.
      if (isAuthApiError(error) && error.status < 500) return { active: false };
      throw new AuthServiceUnavailable(error.message);
    }
    if (data.user.deleted_at) return { active: false };
    const bannedUntil = activeBanEnd(data.user, now);
    if (bannedUntil) return { active: false, bannedUntil: bannedUntil.toISOString() };
    return { active: true };
  });
}
