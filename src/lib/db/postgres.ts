import { drizzle } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { closeClusterEvents, registerPostgresDatabase } from "./cluster-events";
import { timeQueries } from "./query-timing";
import * as schema from "./schema";
import type { PostgresConnection } from "./types";
import { logger } from "../log/logger.mjs";

/**
 * How long an idle pooled connection is kept. node-postgres closes one after 10 s by default, so a
 * burst after a quiet spell paid for new connections: a server backend forked, its catalog caches
 * cold, `spark_admit_ai_call` compiled and the auth's named statements prepared again (bench proxy,
 * 20 chats at once after a 10 s pause: first event +300 ms over direct, +130 ms with warm
 * connections). Kept this long, the pool still shrinks overnight; its size is unchanged (≤ 10).
 */
export const POOL_IDLE_TIMEOUT_MS = 5 * 60_000;

/** Opens a connection pool to the PostgreSQL server at `url` (connections are made lazily). */
export function openPostgres(url: string): PostgresConnection {
  const pool = new Pool({ connectionString: url, connectionTimeoutMillis: 10_000, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
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
