/**
 * The embedded services without the app, like GoTrue's own server:
 *   npx tsx src/embedded/standalone.ts [--host 127.0.0.1] [--port 54321] [--config auth.json]
 * Auth is served under /auth/v1. Configuration: AUTH_* variables (see .env.example) or a JSON file
 * with the fields of `authConfigSchema`. The database is the app's (DATABASE_URL, else PGlite in
 * DATA_DIR) — PGlite allows one process per data directory, so stop the app or use Postgres.
 */
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { DataDirLockedError, openDatabase, resolveDatabaseTarget } from "@/lib/db";
import { authConfigFromEnv, createAuthService } from "./auth";
import { createOutbox } from "./outbox";

/** A service mounted under a base path; storage joins this list later. */
export interface MountedService {
  basePath: string;
  app: Hono;
}

async function main() {
  const { values } = parseArgs({
    options: {
      host: { type: "string", default: "127.0.0.1" },
      port: { type: "string", default: "54321" },
      config: { type: "string" },
    },
  });
  const host = values.host!;
  const port = Number(values.port);
  const publicUrl = process.env.AUTH_EXTERNAL_URL ? undefined : `http://${host.includes(":") ? `[${host}]` : host}:${port}/auth/v1`;
  const config = authConfigFromEnv({ ...process.env, AUTH_EXTERNAL_URL: process.env.AUTH_EXTERNAL_URL ?? publicUrl }, values.config);

  let handle;
  try {
    handle = await openDatabase(resolveDatabaseTarget());
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error("数据目录正被另一个进程（多半是正在运行的应用）使用。PGlite 只允许一个进程打开同一数据目录：请先停止应用，或设置 DATABASE_URL 使用 PostgreSQL，或用另一个 DATA_DIR。");
      process.exit(1);
    }
    throw error;
  }

  const outbox = createOutbox({ db: handle.db, smtpUrl: process.env.SMTP_URL || undefined, from: process.env.SMTP_FROM || undefined });
  const auth = await createAuthService({ db: handle.db, config, outbox });
  const services: MountedService[] = [{ basePath: "/auth/v1", app: auth.app }];

  const root = new Hono();
  for (const service of services) root.route(service.basePath, service.app);
  const server = serve({ fetch: root.fetch, hostname: host, port }, (info) => {
    console.log(`嵌入式服务已启动：http://${host}:${info.port}`);
    for (const service of services) console.log(`  ${service.basePath}`);
    console.log(`SUPABASE_URL=http://${host}:${info.port}`);
    console.log(`SUPABASE_ANON_KEY=${auth.keys.anonKey}`);
    console.log(`SUPABASE_SERVICE_ROLE_KEY=${auth.keys.serviceRoleKey}`);
  });

  const shutdown = () => {
    server.close();
    void handle.close().finally(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
