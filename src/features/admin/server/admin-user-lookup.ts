import "server-only";
import type { User } from "@supabase/supabase-js";
import { ApiRouteError } from "@/lib/api";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { isUserId } from "./admin-users";

export const USER_NOT_FOUND = "用户不存在";

/** The auth user an action is about, or 404 (a malformed id too: it never reaches the auth service). */
export async function loadUser(userId: string): Promise<User> {
  if (!isUserId(userId)) throw new ApiRouteError(404, USER_NOT_FOUND);
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.getUserById(userId);
  if (error || !data.user) throw new ApiRouteError(404, USER_NOT_FOUND);
  return data.user;
}
