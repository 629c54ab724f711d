import { isAuthApiError } from "@supabase/supabase-js";
import { getEnv } from "@/lib/env";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { TtlCache } from "@/lib/ttl-cache";
import { processSingleton } from "@/lib/process-singleton";
import { activeBanEnd } from "@/lib/supabase/ban";

/**
 * Whether a share's owner still stands behind it: `active`, `hidden` (banned: the links stop, the
 * rows stay) or `gone` (the account was deleted: the caller removes the user's shares — public tables
 * have no foreign key to `auth`, so nothing cascades by itself). Asked of the auth service's admin API,
 * embedded or hosted alike, and reused for `SESSION_CHECK_CACHE_MS` like the API keys' check.
 */
export type ShareOwnerState = "active" | "hidden" | "gone";

function cache(): TtlCache<ShareOwnerState> {
  return processSingleton("sparkai.share-owner-state", () => new TtlCache<ShareOwnerState>(getEnv().SESSION_CHECK_CACHE_MS, 10_000));
}

export async function shareOwnerState(userId: string, now = new Date()): Promise<ShareOwnerState> {
  return cache().getOrLoad(userId, async () => {
    const admin = await createSupabaseAdminClient();
    const { data, error } = await admin.auth.admin.getUserById(userId);
    if (error) {
      if (isAuthApiError(error) && error.status === 404) return "gone";
      // An outage is no answer: fail closed (the page 404s) and do not cache or delete anything.
      throw error;
    }
    if (data.user.deleted_at) return "gone";
    return activeBanEnd(data.user, now) ? "hidden" : "active";
  });
}
