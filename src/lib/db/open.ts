import { migrateDatabase } from "./migrate";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import type { DatabaseHandle, DatabaseTarget } from "./types";

export interface OpenDatabaseOptions {
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  migrationsFolder?: string;
}

/** Opens `target` and brings its schema up to date. The app's singleton and the tests share this. */
export async function openDatabase(target: DatabaseTarget, options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const handle = target.kind === "pglite" ? await openPglite(target.dataDir) : openPostgres(target.url);
  if (options.migrate === false) return handle;
  try {
    await migrateDatabase(handle, options.migrationsFolder);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return handle;
}
