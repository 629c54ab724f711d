import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { promisify } from "node:util";
import { createClient } from "@supabase/supabase-js";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "./embedded-app-env";

// `npm run admin -- grant|revoke <email>` against an embedded installation (PGlite: the test closes
// its database before the script opens the same data directory).
const dataDir = stubEmbeddedAppEnv("admin-script");
const { getSupabaseConnection, serverClientOptions } = await import("@/lib/supabase/connection");
const { closeDatabase } = await import("@/lib/db");

const run = promisify(execFile);
const script = (...args: string[]) =>
  run("npx", ["tsx", "--conditions=react-server", "scripts/admin.ts", ...args], { env: { ...process.env }, timeout: 120_000 }).then(
    ({ stdout }) => ({ code: 0, out: stdout.trim() }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, out: `${error.stdout ?? ""}${error.stderr ?? ""}`.trim() }),
  );

/** Makes the account in-process. */
async function createAccount(email: string): Promise<void> {
  const connection = await getSupabaseConnection();
  const service = createClient(connection.url, connection.serviceRoleKey, { ...serverClientOptions(connection), auth: { persistSession: false } });
  const { error } = await service.auth.admin.createUser({ email, password: "secret-password-1", email_confirm: true });
  if (error) throw error;
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run admin", () => {
  it("grants and revokes the operator role, and says so for unknown addresses and bad usage", async () => {
    const { runAdminRoleCommand, ADMIN_COMMAND_USAGE } = await import("@/features/admin/server/admin-role-command");
    await createAccount("ops@example.com");
    // Each answer after the first shows what the previous command stored.
    expect(await runAdminRoleCommand(["grant", "OPS@example.com"])).toEqual({ code: 0, message: "已授予 OPS@example.com 管理员权限。" });
    expect(await runAdminRoleCommand(["grant", "ops@example.com"])).toEqual({ code: 0, message: "ops@example.com 已经是管理员。" });
    expect(await runAdminRoleCommand(["revoke", "ops@example.com"])).toEqual({ code: 0, message: "已撤销 ops@example.com 的管理员权限。" });
    expect(await runAdminRoleCommand(["revoke", "ops@example.com"])).toEqual({ code: 0, message: "ops@example.com 不是管理员。" });
    expect(await runAdminRoleCommand(["grant", "nobody@example.com"])).toEqual({ code: 1, message: "没有找到邮箱为 nobody@example.com 的账号（请先注册）。" });
    expect(await runAdminRoleCommand(["promote", "ops@example.com"])).toEqual({ code: 2, message: ADMIN_COMMAND_USAGE });
    await runAdminRoleCommand(["revoke", "ops@example.com"]);
    // Frees the data directory for the script (PGlite: one process at a time).
    await closeDatabase();
  }, 120_000);

  it("runs from the command line on the installation's data directory (one process: the test's database is closed)", async () => {
    // Spawning tsx costs ~10 s on a small machine: one run proves the wiring, the cases are above.
    expect(await script("grant", "ops@example.com")).toEqual({ code: 0, out: "已授予 ops@example.com 管理员权限。" });
  }, 120_000);
});
