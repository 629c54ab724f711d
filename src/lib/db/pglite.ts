import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock";
import { timeQueries } from "./query-timing";
import * as schema from "./schema";
import { markSingleProcess } from "./single-process";
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
    const template = freshDatabaseTemplate(lock?.dataDir);
    client = await PGlite.create(lock?.dataDir ?? "memory://", template ? { loadDataDir: template, postgresqlconf: TEST_DATABASE_CONF } : { postgresqlconf: SITE_DATABASE_CONF });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const pglite = client;
  timeQueries(pglite, "pglite");
  let closing: Promise<void> | undefined;
  const db = drizzle({ client: pglite, schema });
  markSingleProcess(db);
  return {
    driver: "pglite",
    client: pglite,
    dataDir: lock?.dataDir,
    db,
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

/**
 * Tests only: the test run's global setup migrates one database and dumps it to the file named by
 * SPARK_PGLITE_TEMPLATE; a new database (in memory, or a data directory not yet initialised) starts
 * from that dump instead of initdb + every migration (the migrations still run afterwards, finding
 * nothing left to do). The suite opens a few hundred: each boot counts.
 */
let templateBytes: ArrayBuffer | undefined;
function freshDatabaseTemplate(dataDir: string | undefined): Blob | undefined {
  const file = process.env.SPARK_PGLITE_TEMPLATE;
  if (!file || (dataDir !== undefined && existsSync(path.join(dataDir, "PG_VERSION")))) return undefined;
  if (!templateBytes) {
    const bytes = readFileSync(file);
    templateBytes = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
  return new ReadTemplate(templateBytes);
}

/**
 * The dump already in memory, as the Blob PGlite asks for. PGlite reads it with `arrayBuffer()`, which
 * on Node 20 copies a 40 MB Blob in small pieces (~0.5 s a boot): this hands over a copy at once.
 */
class ReadTemplate extends Blob {
  constructor(private readonly dump: ArrayBuffer) {
    super([]);
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.dump.slice(0);
  }
}

/**
 * The site's buffer pool: 32 MB instead of PGlite's 128 MB, which it zeroes at start, so all of it is
 * resident. `npm start` on a data directory measured 514 → 414 MB of RSS after a restart (bench proxy's
 * server peak memory); the files behind it stay in the OS page cache. A site whose hot data outgrows
 * it is one for PostgreSQL anyway (docs/deployment.md).
 */
const SITE_DATABASE_CONF = ["shared_buffers=32MB"];

/**
 * Test databases hold a few rows: a 16 MB buffer pool instead of PGlite's 128 MB, which it zeroes
 * while starting (about a second of WebAssembly a boot, most of a test database's start-up).
 */
const TEST_DATABASE_CONF = ["shared_buffers=16MB"];
