
export { closeDatabase, databasePoolStats, getDatabase, getDatabaseHandle } from "./client";
export { DataDirLockedError } from "./data-dir-lock";
export { checkDatabaseHealth, type DatabaseHealth } from "./health";
export { defaultMigrationsFolder, migrateDatabase } from "./migrate";
export { openDatabase, type OpenDatabaseOptions } from "./open";
export { observeDatabaseQueries, type QueryTiming } from "./query-timing";
export * from "./schema";
export { isSingleProcessDatabase } from "./single-process";
export { resolveDatabaseTarget } from "./target";
export type { Database, DatabaseDriver, DatabaseHandle, DatabaseTarget, Schema } from "./types";
