import { createClient } from "@supabase/supabase-js";
import { getSupabaseConnection, serverClientOptions } from "@/lib/supabase/connection";
import { findUserByEmail, hasAdminRole, setAdminRole } from "./admin-role";

export const ADMIN_COMMAND_USAGE = "用法：npm run admin -- grant <邮箱> | revoke <邮箱>";

/** What `npm run admin` prints and its exit code (0 done, 1 failed, 2 bad usage). */
export interface AdminCommandOutcome {
  code: 0 | 1 | 2;
  message: string;
}

/**
 * `npm run admin -- grant|revoke <email>` (scripts/admin.ts): grants or revokes the operator role
 * through the auth admin API with the service key, like the app does.
 */
export async function runAdminRoleCommand(args: readonly string[]): Promise<AdminCommandOutcome> {
  const [command, email] = args;
  if ((command !== "grant" && command !== "revoke") || !email) return { code: 2, message: ADMIN_COMMAND_USAGE };
  const connection = await getSupabaseConnection();
  const admin = createClient(connection.url, connection.serviceRoleKey, {
    ...serverClientOptions(connection),
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const user = await findUserByEmail(connection, email);
  if (!user) return { code: 1, message: `没有找到邮箱为 ${email} 的账号（请先注册）。` };
  const grant = command === "grant";
  if (hasAdminRole(user.app_metadata) === grant) {
    return { code: 0, message: grant ? `${email} 已经是管理员。` : `${email} 不是管理员。` };
  }
  await setAdminRole(admin, user, grant);
  return { code: 0, message: grant ? `已授予 ${email} 管理员权限。` : `已撤销 ${email} 的管理员权限。` };
}
