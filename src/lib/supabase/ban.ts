import type { User } from "@supabase/supabase-js";

/** When an auth user's ban ends, if it is in force at `now` (GoTrue's `banned_until`); else undefined. */
export function activeBanEnd(user: Pick<User, "banned_until">, now = new Date()): Date | undefined {
  const until = user.banned_until ? Date.parse(user.banned_until) : NaN;
  return Number.isFinite(until) && until > now.getTime() ? new Date(until) : undefined;
}
