/**
 * Grants or revokes the operator role (app_metadata.role = "admin") of an account:
 *   npm run admin -- grant someone@example.com
 *   npm run admin -- revoke someone@example.com
 * (`--conditions=react-server`: the app's server modules import `server-only`.)
 * Through the auth admin API with the service key, like the app: the hosted project (SUPABASE_URL +
 * service key) or the embedded services on this installation's database. PGlite (no DATABASE_URL)
 * allows one process per data directory: stop the app first, or use ADMIN_EMAILS. A revoked operator
 * loses the console within SESSION_CHECK_CACHE_MS; remove them from ADMIN_EMAILS too, or their next
 * visit grants the role again.
 */
import { createClient } from "@supabase/supabase-js";
import { findUserByEmail, hasAdminRole, setAdminRole } from "@/features/admin/server/admin-role";
import { closeDatabase, DataDirLockedError } from "@/lib/db";
import { getSupabaseConnection, serverClientOptions } from "@/lib/supabase/connection";

for (const file of [".env.local", ".env"]) {
  try {
    process.loadEnvFile(file);
  } catch {
    // No such file: the environment alone configures the script.
  }
}

const USAGE = "用法：npm run admin -- grant <邮箱> | revoke <邮箱>";

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if ((command !== "grant" && command !== "revoke") || !email) {
    console.error(USAGE);
    return 2;
  }
  const connection = await getSupabaseConnection();
  const admin = createClient(connection.url, connection.serviceRoleKey, {
    ...serverClientOptions(connection),
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const user = await findUserByEmail(connection, email);
  if (!user) {
    console.error(`没有找到邮箱为 ${email} 的账号（请先注册）。`);
    return 1;
  }
  const grant = command === "grant";
  if (hasAdminRole(user.app_metadata) === grant) {
    console.log(grant ? `${email} 已经是管理员。` : `${email} 不是管理员。`);
    return 0;
  }
  await setAdminRole(admin, user, grant);
  console.log(grant ? `已授予 ${email} 管理员权限。` : `已撤销 ${email} 的管理员权限。`);
  return 0;
}

async function run(): Promise<never> {
  let code = 1;
  try {
    code = await main();
  } catch (error) {
    if (error instanceof DataDirLockedError) console.error("数据库正被运行中的服务占用（PGlite 只允许一个进程）：请先停止服务，或改用 ADMIN_EMAILS。");
    else console.error(error instanceof Error ? error.message : error);
  } finally {
    await closeDatabase().catch(() => undefined);
  }
  process.exit(code);
}

void run();
