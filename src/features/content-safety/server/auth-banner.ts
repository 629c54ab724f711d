import type { SupabaseClient } from "@supabase/supabase-js";
import type { UserBanner } from "./repeat-hit-ban";

/**
 * The ban through the auth service's admin API, as the console's 封禁 does (GoTrue `ban_duration`,
 * embedded or hosted): the auth service then refuses the user's sessions, sign-ins and refreshes.
 */
export function createAuthBanner(admin: () => Promise<SupabaseClient>): UserBanner {
  return async (userId, minutes) => {
    const client = await admin();
    const found = await client.auth.admin.getUserById(userId);
    if (found.error) throw found.error;
    const before = found.data.user.banned_until ?? null;
    if (before && Date.parse(before) > Date.now()) return undefined;
    const updated = await client.auth.admin.updateUserById(userId, { ban_duration: `${minutes}m` });
    if (updated.error) throw updated.error;
    return { before, bannedUntil: updated.data.user.banned_until ?? new Date(Date.now() + minutes * 60_000).toISOString() };
  };
}
