import { existsSync } from "node:fs";
import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./types";

// Arbitrary app-wide key: serialises migrations when several instances start against one server.
const MIGRATION_LOCK_KEY = 7_302_118_431;

/** `drizzle/` in the working directory: the server is started from the project root. */
export function defaultMigrationsFolder(): string {
  return path.join(process.cwd(), "drizzle");
}

/** Applies pending migrations from `migrationsFolder`; already applied ones are skipped. */
export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder: string = defaultMigrationsFolder(),
): Promise<void> {
  if (!existsSync(path.join(migrationsFolder, "meta", "_journal.json"))) {
    throw new Error(
      `找不到数据库迁移文件 ${migrationsFolder}/meta/_journal.json。请在项目根目录（包含 drizzle/ 目录）启动服务。`,
    );
  }
  if (handle.driver === "pglite") {
    // PGlite runs one query at a time and has a single owner (the data-dir lock), so no extra lock.
    await migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder });
    return;
  }
  // Advisory locks belong to a session, so lock and migrate on one dedicated connection.
  const client = await handle.pool.connect();
  let failure: unknown;
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // A connection that failed mid-way is discarded rather than returned to the pool.
    client.release(failure instanceof Error ? failure : undefined);
  }
}
