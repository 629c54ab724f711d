import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock";
import * as schema from "./schema";
import type { PgliteConnection } from "./types";

/** Opens embedded PGlite on `dataDir` (locked against other processes), or in memory when undefined. */
export async function openPglite(dataDir?: string): Promise<PgliteConnection> {
  let client: PGlite | undefined;
  let lock: DataDirLock | undefined;
  if (dataDir !== undefined) {
    lock = await acquireDataDirLock(path.resolve(dataDir), {
      onCompromised: (error) => {
        console.error(`数据目录 ${dataDir} 的锁已被其他进程接管，已关闭本进程的数据库连接以免损坏数据。`, error);
        void client?.close().catch(() => undefined);
      },
    });
  }
  try {
    client = await PGlite.create(lock?.dataDir ?? "memory://");
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const pglite = client;
  let closing: Promise<void> | undefined;
  return {
    driver: "pglite",
    client: pglite,
    dataDir: lock?.dataDir,
    db: drizzle({ client: pglite, schema }),
    get closed() {
      return closing !== undefined || pglite.closed;
    },
    close: () =>
      (closing ??= (async () => {
        try {
          if (!pglite.closed) await pglite.close();
        } finally {
          // Only after PGlite flushed and closed may another process open the directory.
          await lock?.release();
        }
      })()),
  };
}
