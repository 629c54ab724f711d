/**
 * The embedded services without the app, like Supabase's own servers:
 *   npm run services -- [--host 127.0.0.1] [--port 54321] [--config auth.json]
 * Serves auth under /auth/v1 and storage under /storage/v1 (and, with DEV_OUTBOX=on, the outbox as
 * JSON under /outbox/v1/messages). Configuration: AUTH_* variables (see .env.example) or a JSON file
 * with the fields of `authConfigSchema`. The database is DATABASE_URL, else PGlite in DATA_DIR —
 * PGlite allows one process per data directory, so stop the app, use Postgres or another DATA_DIR.
 * Point the app at it with the SUPABASE_URL / keys this prints.
 *
 * Served by the same hardened node:http server as the app (src/lib/net): the caller is the socket
 * peer, or what a trusted proxy wrote in X-Forwarded-For — TRUSTED_PROXIES, by default `loopback`
 * (the app's server clients on this machine forward their visitor's address) — with the same body
 * caps and timeouts.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { parseTrustedProxies } from "@/lib/net/client-address.mjs";
import { createHardenedServer } from "@/lib/net/hardened-server.mjs";
import { DataDirLockedError, openDatabase, resolveDatabaseTarget } from "@/lib/db";
import { authConfigFromEnv } from "./auth";
import { createEmbeddedGateway } from "./gateway";
import { storageS3ConfigFromEnv } from "./storage";
import { smsProviderFromEnv } from "./outbox/sms/sms-provider-from-env";

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
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const externalUrl = process.env.AUTH_EXTERNAL_URL || `${origin}/auth/v1`;
  let trust;
  try {
    trust = parseTrustedProxies(process.env.TRUSTED_PROXIES || "loopback");
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const authConfig = authConfigFromEnv({ ...process.env, AUTH_EXTERNAL_URL: externalUrl }, values.config);

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

  const gateway = await createEmbeddedGateway({
    db: handle.db,
    authConfig,
    storageDir: path.resolve(process.env.DATA_DIR || ".data", "storage"),
    storage: { s3: storageS3ConfigFromEnv(process.env) },
    smtpUrl: process.env.SMTP_URL || undefined,
    smtpFrom: process.env.SMTP_FROM || undefined,
    exposeOutbox: process.env.DEV_OUTBOX === "on",
    smsProvider: smsProviderFromEnv(process.env),
    devSms: process.env.DEV_OUTBOX ? process.env.DEV_OUTBOX === "on" : process.env.NODE_ENV !== "production",
  });
  // The hardened server has replaced X-Forwarded-For with the one address it decided on: hand that
  // to the auth service as the caller (it would otherwise re-read the header only from loopback peers).
  const listener = getRequestListener((request, env) => {
    const incoming = (env as HttpBindings).incoming;
    const clientIp = incoming.headers["x-forwarded-for"];
    return gateway.app.fetch(request, { ...env, clientIp: typeof clientIp === "string" ? clientIp : undefined });
  });
  const server = createHardenedServer({ handler: listener, trust });
  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    console.log(`嵌入式服务已启动：${origin}（认证 /auth/v1，存储 /storage/v1）`);
    // Machine-readable lines: scripts (and the hosted-mode e2e) read the keys from here.
    console.log(`SUPABASE_URL=http://${host}:${actualPort}`);
    console.log(`SUPABASE_ANON_KEY=${gateway.auth.keys.anonKey}`);
    console.log(`SUPABASE_SERVICE_ROLE_KEY=${gateway.auth.keys.serviceRoleKey}`);
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
