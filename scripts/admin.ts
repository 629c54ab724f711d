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
import { runAdminRoleCommand } from "@/features/admin/server/admin-role-command";
import { closeDatabase, DataDirLockedError } from "@/lib/db";

for (const file of [".env.local", ".env"]) {
  try {
    process.loadEnvFile(file);
  } catch {
    // No such file: the environment alone configures the script.
  }
}

async function run(): Promise<never> {
  let code = 1;
  try {
    const outcome = await runAdminRoleCommand(process.argv.slice(2));
    // Failures and usage go to stderr, as a shell user expects.
    (outcome.code === 0 ? console.log : console.error)(outcome.message);
    code = outcome.code;
  } catch (error) {
    if (error instanceof DataDirLockedError) console.error("数据库正被运行中的服务占用（PGlite 只允许一个进程）：请先停止服务，或改用 ADMIN_EMAILS。");
    else console.error(error instanceof Error ? error.message : error);
  } finally {
    await closeDatabase().catch(() => undefined);
  }
  process.exit(code);
}

void run();
