import path from "node:path";
import { getDatabaseHandle } from "@/lib/db";
import type { PgliteConnection } from "@/lib/db/types";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log/logger.mjs";
import { processSingleton } from "@/lib/process-singleton";
import { openControlSocket, type ControlSocket } from "./control-socket";

/**
 * Start-up: when this process owns PGlite on disk, it opens DATA_DIR/control.sock so `npm run backup`
 * can back up while the app runs (control-socket.ts). On PostgreSQL there is nothing to do (pg_dump).
 * Once per process (the dev server re-evaluates modules); a failure is logged, not fatal: the app
 * still serves, and `npm run backup` then says it cannot reach the server.
 */
export async function openBackupControl(): Promise<void> {
  const box = processSingleton<{ opening?: Promise<ControlSocket | undefined> }>("sparkai.backup.control", () => ({}));
  box.opening ??= (async () => {
    const handle = await getDatabaseHandle();
    if (handle.driver !== "pglite" || !handle.dataDir) return undefined;
    const env = getEnv();
    return openControlSocket({
      layout: { dataDir: path.resolve(env.DATA_DIR), filesInS3: Boolean(env.STORAGE_S3_BUCKET) },
      database: async (): Promise<PgliteConnection> => {
        const current = await getDatabaseHandle();
        if (current.driver !== "pglite") throw new Error("数据库不是内嵌 PGlite");
        return current;
      },
      log: (message) => logger().info(`[backup] ${message}`),
    });
  })().catch((error: unknown) => {
    logger().warn({ err: error }, "[backup] 无法打开控制套接字，运行中的在线备份不可用");
    return undefined;
  });
  await box.opening;
}
