import { ApiRouteError } from "@/lib/api";
import { createSupabaseServerClient } from "@/lib/supabase/server";

/**
 * The signed-in user's id from a locally verified access token (JWKS, cached by auth-js): no call to
 * the auth service, for hot paths such as the AI proxy. Use `getCurrentUser()` when the full,
 * server-checked user is needed.
 */
export async function getCurrentUserId(): Promise<string | null> {
  const supabase = await createSupabaseServerClient();
  const { data, error } = await supabase.auth.getClaims();
  const subject = data?.claims?.sub;
  return error || typeof subject !== "string" ? null : subject;
}

/** The signed-in user's id, or a 401 `ApiRouteError` for route handlers. */
export async function requireCurrentUserId(): Promise<string> {
  const userId = await getCurrentUserId();
  if (!userId) throw new ApiRouteError(401, "请先登录");
  return userId;
}
