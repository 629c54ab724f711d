import { sql } from "drizzle-orm";
import { getDatabase } from "./client";
import { resolveDatabaseTarget } from "./target";
import type { Database, DatabaseDriver } from "./types";

export interface DatabaseHealth {
  status: "ok" | "error";
  driver: DatabaseDriver;
  latencyMs: number;
  message?: string;
}

export interface DatabaseHealthOptions {
  /** Defaults to the app's database and its configured driver. */
  driver?: DatabaseDriver;
  getDatabase?: () => Promise<Database>;
  timeoutMs?: number;
}

function configuredDriver(): DatabaseDriver {
  try {
    return resolveDatabaseTarget().kind;
  } catch {
    // Invalid environment: still report something sensible; the error itself surfaces below.
    return process.env.DATABASE_URL ? "postgres" : "pglite";
  }
}

/** Runs `select 1` (opening the database first if needed). Never throws. */
export async function checkDatabaseHealth(options: DatabaseHealthOptions = {}): Promise<DatabaseHealth> {
  const driver = options.driver ?? configuredDriver();
  const timeoutMs = options.timeoutMs ?? 5_000;
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  try {
    const probe = (async () => {
      const db = await (options.getDatabase ?? getDatabase)();
      await db.execute(sql`select 1`);
    })();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`数据库在 ${timeoutMs} 毫秒内没有响应`)), timeoutMs);
    });
    probe.catch(() => undefined); // a late failure after the timeout must not go unhandled
    await Promise.race([probe, timeout]);
    return { status: "ok", driver, latencyMs: latencyMs() };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { status: "error", driver, latencyMs: latencyMs(), message: `数据库不可用：${reason}` };
  } finally {
    clearTimeout(timer);
  }
}
