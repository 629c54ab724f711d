import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import type * as schema from "./schema";

export type Schema = typeof schema;

/** What `db.execute()` resolves to on both drivers: their results share at least `rows`. */
export interface DatabaseQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this["row"]>;
}

export interface QueryRows<TRow> {
  rows: TRow[];
}

/** The driver-agnostic Drizzle database: feature code uses only this, never a driver's own type. */
export type Database = PgDatabase<DatabaseQueryResultHKT, Schema>;

export type DatabaseDriver = "pglite" | "postgres";

/** Where a database lives: embedded PGlite (in memory when `dataDir` is undefined) or a server. */
export type DatabaseTarget = { kind: "pglite"; dataDir?: string } | { kind: "postgres"; url: string };

interface ConnectionBase {
  readonly db: Database;
  /** True once closed (by `close()` or because the data-dir lock was lost). */
  readonly closed: boolean;
  close(): Promise<void>;
}

export interface PgliteConnection extends ConnectionBase {
  readonly driver: "pglite";
  readonly client: PGlite;
  /** Absolute data directory, undefined for an in-memory database. */
  readonly dataDir: string | undefined;
}

export interface PostgresConnection extends ConnectionBase {
  readonly driver: "postgres";
  readonly pool: Pool;
}

/** An open database together with its driver; infrastructure and tests use it, features use `Database`. */
export type DatabaseHandle = PgliteConnection | PostgresConnection;
