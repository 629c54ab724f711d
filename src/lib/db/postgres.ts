import { drizzle } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { closeClusterEvents, registerPostgresDatabase } from "./cluster-events";
import { timeQueries } from "./query-timing";
import * as schema from "./schema";
import type { PostgresConnection } from "./types";
import { logger } from "../log/logger.mjs";

/** Opens a connection pool to the PostgreSQL server at `url` (connections are made lazily). */
export function openPostgres(url: string): PostgresConnection {
  const pool = new Pool({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection (server restart) emits "error"; unhandled, it kills the process.
  pool.on("error", (error) => logger().error({ err: error }, "PostgreSQL 连接池中的空闲连接出错"));
  timeQueries(pool, "postgres");
  let closing: Promise<void> | undefined;
  const db = drizzle({ client: pool, schema });
  registerPostgresDatabase(db, pool, url);
  return {
    driver: "postgres",
    pool,
    db,
    get closed() {
      return closing !== undefined || pool.ended;
    },
    close: () => (closing ??= closeClusterEvents(db).then(() => (pool.ended ? undefined : pool.end()))),
  };
}
